import { shortDateLabel, wallClockIn, weekdayLabel, type BookingStatus } from '@hunted/contracts';
import { timeZoneLabel } from '@/lib/time-zone';

/**
 * What a hunter sees when they change zone with sessions ahead (issue 38, "Bad input and faults"): a booking keeps
 * its instant, so the client's time does not change, but the hunter's own clock reads it at a new local time. Every
 * reading is the contracts clock's; this file only picks the sessions and writes the sentences.
 */

/** The part of a booking this reads (a HunterBooking fits). */
export interface ZoneMoveBooking {
  /** The session's start, an ISO instant. */
  startsAt: string;
  status: BookingStatus;
}

/** A session ahead whose local time moves with the zone. */
export interface MovedSession {
  startsAt: string;
  /** Its date and time on the old zone's clock: 'Tue 8 Dec 10:00'. */
  oldLabel: string;
  /** Its time on the new zone's clock, '12:00', with the date when that is another: 'Wed 9 Dec 00:30'. */
  newLabel: string;
}

/** How many sessions the notice names before it says 'and N more'. */
export const ZONE_MOVE_LISTED = 3;

// A session that will still happen: paid, or waiting for its payment. Cancelled and expired ones will not, and a
// completed one is behind.
const STILL_AHEAD: ReadonlySet<BookingStatus> = new Set(['confirmed', 'pending_payment']);

const dayLabel = (date: string) => `${weekdayLabel(date)} ${shortDateLabel(date)}`;

/**
 * The sessions still ahead at `now` whose local time changes from `oldZone` to `newZone`, soonest first. None when
 * the zone is the same, and none for a session the two clocks read alike (Paris to Madrid moves nothing).
 */
export function movedSessions(
  bookings: readonly ZoneMoveBooking[],
  oldZone: string,
  newZone: string,
  now: number,
): MovedSession[] {
  if (oldZone === newZone) return [];
  return bookings
    .map((booking) => ({ booking, at: Date.parse(booking.startsAt) }))
    .filter(({ booking, at }) => STILL_AHEAD.has(booking.status) && at > now)
    .sort((a, b) => a.at - b.at)
    .flatMap(({ booking, at }) => {
      const before = wallClockIn(oldZone, at);
      const after = wallClockIn(newZone, at);
      if (before.date === after.date && before.time === after.time) return [];
      const newLabel = after.date === before.date ? after.time : `${dayLabel(after.date)} ${after.time}`;
      return [{ startsAt: booking.startsAt, oldLabel: `${dayLabel(before.date)} ${before.time}`, newLabel }];
    });
}

const sessions = (count: number) => `${count} upcoming ${count === 1 ? 'session' : 'sessions'}`;

/**
 * The notice under the zone's select, before saving: '3 upcoming sessions stay at the same moment for your clients.
 * In Europe/Athens they will show at new local times: Tue 8 Dec 10:00 → 12:00, …', the first three and 'and N more'.
 */
export function zoneMoveNotice(moved: readonly MovedSession[], newZone: string): string {
  const listed = moved.slice(0, ZONE_MOVE_LISTED).map(({ oldLabel, newLabel }) => `${oldLabel} → ${newLabel}`);
  const more = moved.length - listed.length;
  const one = moved.length === 1;
  return (
    `${sessions(moved.length)} ${one ? 'stays' : 'stay'} at the same moment for your clients. ` +
    `In ${timeZoneLabel(newZone)} ${one ? 'it' : 'they'} will show at ${one ? 'a new local time' : 'new local times'}: ` +
    `${listed.join(', ')}${more > 0 ? `, and ${more} more` : ''}.`
  );
}

/** The toast's words after a save that moved them: '3 upcoming sessions now show at new local times (Europe/Athens)…'. */
export function zoneMovedToast(count: number, newZone: string): string {
  const times = count === 1 ? 'shows at a new local time' : 'show at new local times';
  return `${sessions(count)} now ${times} (${timeZoneLabel(newZone)}). Your clients' times are unchanged.`;
}
