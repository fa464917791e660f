import { dateIn, instantIn, nextMidnightIn, offsetLabelIn, offsetMinutesIn, wallClockIn, type WallClock } from './clock.js';

/**
 * The site's day is London's: votes once per 24 h, today's list and its midnight, the Hunter's Pick, the retention
 * jobs, and the admin's and the member's own records (which the pages say are London time). These are the zoned
 * clock read in `SITE_TIME_ZONE`; a hunter's hours and slots are read in the hunter's own zone instead.
 */
export const SITE_TIME_ZONE = 'Europe/London';

/** London's wall clock read off an instant: the site day's clock. */
export function londonWallClock(instant: Date | number): WallClock {
  return wallClockIn(SITE_TIME_ZONE, instant);
}

/** The London date ('YYYY-MM-DD') of an instant: the site's "today" at `now`. */
export function londonDateOf(instant: Date | number): string {
  return dateIn(SITE_TIME_ZONE, instant);
}

/** Minutes London is ahead of UTC at an instant: 0 in winter, 60 in summer. */
export function londonOffsetMinutes(instant: Date | number): number {
  return offsetMinutesIn(SITE_TIME_ZONE, instant);
}

/** London's offset at an instant, 'GMT +1:00' in summer, 'GMT +0:00' in winter. */
export function londonOffsetLabel(instant: Date | number): string {
  return offsetLabelIn(SITE_TIME_ZONE, instant);
}

/** The instant London's clock reads `time` on `date` (see `instantIn` for the clock-change hours). */
export function londonInstant(date: string, time = '00:00'): number {
  return instantIn(SITE_TIME_ZONE, date, time);
}

/** The instant the site's next day begins: when today's list and the daily votes roll over. */
export function nextLondonMidnight(instant: Date | number): number {
  return nextMidnightIn(SITE_TIME_ZONE, instant);
}
