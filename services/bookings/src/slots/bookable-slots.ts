import { addDays, datesBetween, isoInstant, londonInstant, londonWallClock, type SlotsDay } from '@hunted/contracts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A time taken by an active hold or booking: [startsAt, endsAt). */
export interface BusyRange {
  startsAt: Date;
  endsAt: Date;
}

export interface SlotRules {
  /** Minutes between two grid starts (30). */
  gridMinutes: number;
  /** A start lies at least this long after `now` (MIN_NOTICE_MINUTES, 120). */
  minNoticeMinutes: number;
  /** …and at most this many days after `now` (365). */
  maxDaysAhead: number;
}

export interface SlotQuery {
  /** London dates, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  durationMinutes: number;
  /** False for an Unavailable hunter or a disabled session type: every date comes back empty. */
  open: boolean;
  /** The hour labels ('09:00') a date offers (its own record, else its weekday's hours). */
  offeredHours: (date: string) => readonly string[];
  busy: readonly BusyRange[];
  now: Date;
  rules: SlotRules;
}

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Whether every instant of [start, end) lies on `date` in London within an offered hour. An offered hour 'H:00'
 * covers [H:00, H+1:00) of the wall clock, so consecutive offered hours join. London's offset is a whole number of
 * hours, so the wall-clock hour changes only at whole UTC hours: checking the start and each whole UTC hour inside
 * the session covers every minute of it, across a clock change too.
 */
function insideOfferedHours(start: number, end: number, date: string, offered: ReadonlySet<string>): boolean {
  const hourMs = 60 * MINUTE_MS;
  for (let at = start; at < end; at = (Math.floor(at / hourMs) + 1) * hourMs) {
    const clock = londonWallClock(at);
    if (clock.date !== date || !offered.has(hourLabel(clock.hour))) return false;
  }
  return true;
}

/**
 * The bookable starts of each London date of [from, to]. The grid is walked in real time from the date's midnight,
 * so a day of 23 or 25 hours has 46 or 50 grid starts: in the spring a wall-clock time that does not exist is never
 * offered, and in the autumn a time that happens twice is offered twice, with different instants. A start is
 * bookable when the whole session fits in offered hours, it overlaps no busy range, and it lies between
 * `minNoticeMinutes` and `maxDaysAhead` days after `now`. Pure: the same query always gives the same answer.
 *
 * Read for every page view of a hunter (14 days, ~700 starts), so the cheap tests come first (the notice and the
 * horizon need no clock), the busy ranges are numbers sorted by start (a start looks only from the first range
 * not yet ended to the first that begins after its end), and the two ends are written without toISOString (issue 23).
 */
export function bookableSlots(query: SlotQuery): SlotsDay[] {
  const { rules, durationMinutes } = query;
  const earliest = query.now.getTime() + rules.minNoticeMinutes * MINUTE_MS;
  const latest = query.now.getTime() + rules.maxDaysAhead * DAY_MS;
  const durationMs = durationMinutes * MINUTE_MS;
  const busy = query.busy
    .map((range) => [range.startsAt.getTime(), range.endsAt.getTime()] as const)
    .sort((a, b) => a[0] - b[0]);
  // Starts are asked in increasing order, so a range that ended by one start has ended for every later one: the
  // ranges before `first` are never looked at again.
  let first = 0;
  const overlapsBusy = (start: number, end: number) => {
    while (first < busy.length && busy[first]![1] <= start) first += 1;
    for (let i = first; i < busy.length; i += 1) {
      const [busyStart, busyEnd] = busy[i]!;
      if (busyStart >= end) return false;
      if (start < busyEnd) return true;
    }
    return false;
  };
  return datesBetween(query.from, query.to).map((date) => {
    if (!query.open) return { date, slots: [] };
    const offered = new Set(query.offeredHours(date));
    const slots: SlotsDay['slots'] = [];
    if (offered.size === 0) return { date, slots };
    const dayEnd = londonInstant(addDays(date, 1));
    for (let start = londonInstant(date); start < dayEnd; start += rules.gridMinutes * MINUTE_MS) {
      if (start < earliest || start > latest) continue;
      const clock = londonWallClock(start);
      if (clock.minute % rules.gridMinutes !== 0) continue;
      const end = start + durationMs;
      if (!insideOfferedHours(start, end, date, offered)) continue;
      if (overlapsBusy(start, end)) continue;
      slots.push({ time: clock.time, startsAt: isoInstant(start), endsAt: isoInstant(end) });
    }
    return { date, slots };
  });
}
