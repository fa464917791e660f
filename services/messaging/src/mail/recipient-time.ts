/**
 * Dates and times as each email's reader expects them (issue 38 item 3): on the wall clock of the reader's own zone
 * (their member copy's, from identity), with the zone said, whatever the process's zone. A member whose zone is not
 * known yet reads London's, the site's. The zone arithmetic is the contracts clock's; this only words it.
 */

import { dateIn, isTimeZone, longDateLabel, SITE_TIME_ZONE, timeLabelIn } from '@hunted/contracts';

/** The zone of a reader identity knows none for: the site's, London. */
export const FALLBACK_TIME_ZONE = SITE_TIME_ZONE;

/**
 * The zone an email to this member is written in: their own, or London's while none is known. Identity checked the
 * name; one this runtime's clock does not know (an older time zone database) reads London's rather than failing
 * every send of the email.
 */
export function readerTimeZone(member: { timeZone: string | null } | null | undefined): string {
  const zone = member?.timeZone;
  return zone && isTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
}

/** `Paris time`, `New York time`, `UTC`: how an email names the zone its times are in (the IANA name's place). */
export function zoneName(zone: string): string {
  if (!zone.includes('/')) return zone;
  return `${zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ')} time`;
}

/** `Monday, 30 March 2026 at 09:00 BST`: an instant on the reader's clock. */
export function dateTimeLabelIn(zone: string, instant: Date | number): string {
  return `${longDateLabel(dateIn(zone, instant))} at ${timeLabelIn(zone, instant)}`;
}
