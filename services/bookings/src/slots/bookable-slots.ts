import {
  addDays,
  datesBetween,
  dayNumberOf,
  instantIn,
  isoInstant,
  offsetReaderIn,
  timeOfMinute,
  type SlotsDay,
} from '@hunted/contracts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

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
  /** The hunter's IANA zone: the dates, the offered hours and the slots' times are its wall clock. */
  timeZone: string;
  /** Dates in the hunter's zone, YYYY-MM-DD, both included. */
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

/** The wall-clock hours (0–23) a list of 'HH:00' labels offers, as flags: looked up for every hour of every start. */
function offeredFlags(labels: readonly string[]): boolean[] | null {
  const flags = new Array<boolean>(24).fill(false);
  let any = false;
  for (const label of labels) {
    const hour = Number(label.slice(0, 2));
    if (label.endsWith(':00') && hour >= 0 && hour < 24) flags[hour] = any = true;
  }
  return any ? flags : null;
}

/**
 * Whether every instant of [start, end) lies on the date (day number `day`) of the zone's clock within an offered
 * hour. An offered hour 'H:00' covers [H:00, H+1:00) of the wall clock, so consecutive offered hours join. The wall
 * clock's hour changes at the next wall-clock hour or at an offset change, and offsets change on whole UTC hours: so
 * checking the start, then each next wall hour or whole UTC hour (whichever comes first) covers every minute of the
 * session, across a clock change and in zones whose offset is not whole hours too.
 */
function insideOfferedHours(
  start: number,
  end: number,
  day: number,
  offered: readonly boolean[],
  offsetAt: (instant: number) => number,
): boolean {
  for (let at = start; at < end; ) {
    const wall = at + offsetAt(at);
    const inDay = wall - day * DAY_MS;
    if (inDay < 0 || inDay >= DAY_MS || !offered[Math.floor(inDay / HOUR_MS)]) return false;
    const nextWallHour = at + (HOUR_MS - (inDay % HOUR_MS));
    const nextUtcHour = (Math.floor(at / HOUR_MS) + 1) * HOUR_MS;
    at = Math.min(nextWallHour, nextUtcHour);
  }
  return true;
}

/**
 * The bookable starts of each date of [from, to] in the hunter's zone. The grid is walked in real time from the
 * date's midnight, so a time that a spring change skips (01:30 in London on the last Sunday of March) is never
 * offered; a time that an autumn change makes happen twice is offered once, at its first instant (the one
 * `instantIn` reads the date and time as), so a client never sees the same label twice on one day. A start is
 * bookable when the whole session fits in offered hours, it overlaps no busy range, and it lies between
 * `minNoticeMinutes` and `maxDaysAhead` days after `now`. Pure: the same query always gives the same answer.
 *
 * Read for every page view of a hunter (14 days, ~700 starts), so the cheap tests come first (the notice and the
 * horizon need no clock), the zone's offset is read through one reader with its per-hour cache (no allocation per
 * start), the busy ranges are numbers sorted by start (a start looks only from the first range not yet ended to the
 * first that begins after its end), and the two ends are written without toISOString (issue 23).
 */
export function bookableSlots(query: SlotQuery): SlotsDay[] {
  const { rules, durationMinutes } = query;
  const offsetAt = offsetReaderIn(query.timeZone);
  const earliest = query.now.getTime() + rules.minNoticeMinutes * MINUTE_MS;
  const latest = query.now.getTime() + rules.maxDaysAhead * DAY_MS;
  const durationMs = durationMinutes * MINUTE_MS;
  const gridMs = rules.gridMinutes * MINUTE_MS;
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
    const slots: SlotsDay['slots'] = [];
    const offered = offeredFlags(query.offeredHours(date));
    if (!offered) return { date, slots };
    const day = dayNumberOf(date)!;
    const dayStart = instantIn(query.timeZone, date);
    const dayEnd = instantIn(query.timeZone, addDays(date, 1));
    // Only a day whose clock goes back repeats wall times: there every start's wall time is compared with the
    // latest shown so far, even a start too soon to offer, so a repeat is left out whatever `now` is.
    const goesBack = offsetAt(dayEnd - 1) < offsetAt(dayStart);
    let latestWall = -Infinity;
    for (let start = dayStart; start < dayEnd; start += gridMs) {
      let wall = Number.NaN;
      if (goesBack) {
        wall = start + offsetAt(start);
        if (wall <= latestWall) continue;
        latestWall = wall;
      }
      if (start < earliest || start > latest) continue;
      if (Number.isNaN(wall)) wall = start + offsetAt(start);
      const minuteOfDay = Math.floor((wall - day * DAY_MS) / MINUTE_MS);
      if (minuteOfDay % rules.gridMinutes !== 0) continue;
      const end = start + durationMs;
      if (!insideOfferedHours(start, end, day, offered, offsetAt)) continue;
      if (overlapsBusy(start, end)) continue;
      slots.push({ time: timeOfMinute(minuteOfDay), startsAt: isoInstant(start), endsAt: isoInstant(end) });
    }
    return { date, slots };
  });
}
