import { TZDate } from '@date-fns/tz';
import { MARKETPLACE_TIME_ZONE, type SlotsDay } from '@hunted/contracts';

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

/** A London wall clock read off an instant (never the process's zone). */
export function londonClock(instant: Date | number): { date: string; time: string; hour: number; minute: number } {
  const at = new TZDate(typeof instant === 'number' ? instant : instant.getTime(), MARKETPLACE_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
    hour: at.getHours(),
    minute: at.getMinutes(),
  };
}

/** The instant a London date begins (midnight exists on every London date: the clocks change at 01:00 UTC). */
export function londonMidnight(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, 0, 0, 0, MARKETPLACE_TIME_ZONE).getTime();
}

/** The London date after `date`. */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return next.toISOString().slice(0, 10);
}

/** Every London date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = nextDate(date)) dates.push(date);
  return dates;
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
    const clock = londonClock(at);
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
 */
export function bookableSlots(query: SlotQuery): SlotsDay[] {
  const { rules, durationMinutes } = query;
  const earliest = query.now.getTime() + rules.minNoticeMinutes * MINUTE_MS;
  const latest = query.now.getTime() + rules.maxDaysAhead * DAY_MS;
  const durationMs = durationMinutes * MINUTE_MS;
  return datesBetween(query.from, query.to).map((date) => {
    if (!query.open) return { date, slots: [] };
    const offered = new Set(query.offeredHours(date));
    const slots: SlotsDay['slots'] = [];
    if (offered.size === 0) return { date, slots };
    const dayEnd = londonMidnight(nextDate(date));
    for (let start = londonMidnight(date); start < dayEnd; start += rules.gridMinutes * MINUTE_MS) {
      const clock = londonClock(start);
      if (clock.minute % rules.gridMinutes !== 0) continue;
      const end = start + durationMs;
      if (start < earliest || start > latest) continue;
      if (!insideOfferedHours(start, end, date, offered)) continue;
      if (query.busy.some((busy) => busy.startsAt.getTime() < end && start < busy.endsAt.getTime())) continue;
      slots.push({ time: clock.time, startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() });
    }
    return { date, slots };
  });
}
