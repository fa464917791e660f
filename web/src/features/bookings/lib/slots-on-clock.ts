import { SITE_TIME_ZONE, wallClockIn, type Slot, type SlotsResponse } from '@hunted/contracts';

/** The hunter's zone of a slots answer, the site's while there is none yet. */
export function slotsTimeZone(response: SlotsResponse | undefined): string {
  return response?.timeZone ?? SITE_TIME_ZONE;
}

/** One of the hunter's starts, with the hunter's date it was offered on (what the API takes back). */
export interface SlotOnClock {
  /** The hunter's date, 'YYYY-MM-DD'. */
  hunterDate: string;
  slot: Slot;
  /** The start's instant, epoch ms. */
  instant: number;
  /** The start's time on the clock it is laid out on, 'HH:MM'. */
  time: string;
}

/**
 * A slots answer laid out on another zone's dates (the viewer's): a start belongs to the date its instant falls on
 * there, whatever the hunter's date (00:30 on a Tuesday in Madrid is 23:30 on Monday in London), so the answer asked
 * for should hold a day either side of `dates`. Every date of `dates` is in the map, in order; starts outside them
 * are left out, and an instant offered twice (the hour an autumn change repeats) once.
 */
export function slotsOnClock(
  response: SlotsResponse | undefined,
  zone: string,
  dates: string[],
): Map<string, SlotOnClock[]> {
  const byDate = new Map<string, SlotOnClock[]>(dates.map((date) => [date, []]));
  if (!response) return byDate;
  const seen = new Set<string>();
  for (const day of response.days) {
    for (const slot of day.slots) {
      if (seen.has(slot.startsAt)) continue;
      seen.add(slot.startsAt);
      const instant = Date.parse(slot.startsAt);
      const clock = wallClockIn(zone, instant);
      byDate.get(clock.date)?.push({ hunterDate: day.date, slot, instant, time: clock.time });
    }
  }
  for (const starts of byDate.values()) starts.sort((a, b) => a.instant - b.instant);
  return byDate;
}
