import {
  longDateLabel,
  offsetLabelIn,
  placeOfZone,
  shortDateLabel,
  wallClockIn,
  weekdayLabel,
} from '@hunted/contracts';

/**
 * The words the pages put around a time read in two zones: the viewer's (the browser's, `viewerTimeZone`) and the
 * other party's (a hunter's, for a client). Every reading of a clock is the contracts clock's (`wallClockIn`); this
 * file only writes its readings out, so no page does zone arithmetic of its own.
 */


/** A zone and its offset at an instant, as the booking pages name it: 'Europe/London (GMT +1:00)'. */
export function zoneLabel(zone: string, instant: number): string {
  return `${zone} (${offsetLabelIn(zone, instant)})`;
}

/** Whether two zones' clocks read the same date and time at an instant (Paris and Madrid always do). */
export function sameWallClock(zone: string, other: string, instant: number): boolean {
  if (zone === other) return true;
  const a = wallClockIn(zone, instant);
  const b = wallClockIn(other, instant);
  return a.date === b.date && a.time === b.time;
}

export interface TwoZones {
  /** The viewer's zone. */
  viewerZone: string;
  /** The other party's zone (the hunter's, or the place of an in-person session). */
  otherZone: string;
  /** The place the other zone stands for, 'Madrid'; the zone's city when left out. */
  otherPlace?: string;
  /** The other zone's time first: an in-person session is at the place's time, the viewer's beside it. */
  placeFirst?: boolean;
}

function placeOf(zones: TwoZones): string {
  return zones.otherPlace ?? placeOfZone(zones.otherZone);
}

/** The second zone's reading beside the first: '10:00', or '00:30 on Wed 8 Jul' when its date is another. */
function besideIn(zone: string, instant: number, onDate: string): string {
  const clock = wallClockIn(zone, instant);
  const day = clock.date === onDate ? '' : ` on ${weekdayLabel(clock.date)} ${shortDateLabel(clock.date)}`;
  return `${clock.time}${day}`;
}

/**
 * The second zone's time of an instant, to stand beside the first's, or null when the two clocks agree: '10:00 in
 * Madrid' beside the viewer's time, '09:00 your time' beside the place's for an in-person session (with its date
 * when that is another: '23:30 on Mon 6 Jul your time').
 */
export function besideTime(instant: number, zones: TwoZones): string | null {
  const { viewerZone, otherZone } = zones;
  if (sameWallClock(viewerZone, otherZone, instant)) return null;
  const firstDate = wallClockIn(zones.placeFirst ? otherZone : viewerZone, instant).date;
  return zones.placeFirst
    ? `${besideIn(viewerZone, instant, firstDate)} your time`
    : `${besideIn(otherZone, instant, firstDate)} in ${placeOf(zones)}`;
}

/**
 * The time of an instant for the viewer, the other party's beside it when their clocks differ: '09:00 your time ·
 * 10:00 in Madrid' ('10:00 in Madrid · 09:00 your time' for an in-person session), or just '10:00' when they agree.
 */
export function timeBeside(instant: number, zones: TwoZones): string {
  const first = wallClockIn(zones.placeFirst ? zones.otherZone : zones.viewerZone, instant);
  const beside = besideTime(instant, zones);
  if (beside === null) return first.time;
  return zones.placeFirst ? `${first.time} in ${placeOf(zones)} · ${beside}` : `${first.time} your time · ${beside}`;
}

/**
 * A session's date and time for the viewer, with the zone said: 'Tuesday, 1 December 2026 at 10:00 (GMT)' when both
 * clocks agree, else 'Tuesday, 7 July 2026 at 09:00 your time (BST) · 10:00 in Madrid' (the place's date and time
 * first for an in-person session: 'at 10:00 in Madrid (CEST) · 09:00 your time').
 */
export function sessionWhen(instant: number, zones: TwoZones): string {
  const first = wallClockIn(zones.placeFirst ? zones.otherZone : zones.viewerZone, instant);
  const date = longDateLabel(first.date);
  const beside = besideTime(instant, zones);
  if (beside === null) return `${date} at ${first.time} (${first.zone})`;
  const whose = zones.placeFirst ? `in ${placeOf(zones)}` : 'your time';
  return `${date} at ${first.time} ${whose} (${first.zone}) · ${beside}`;
}

/** An instant's date and time on one zone's clock with the zone said: 'Tuesday, 1 December 2026 at 10:00 (GMT)'. */
export function instantWhen(instant: number, zone: string): string {
  const clock = wallClockIn(zone, instant);
  return `${longDateLabel(clock.date)} at ${clock.time} (${clock.zone})`;
}
