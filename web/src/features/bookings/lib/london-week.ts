import { MARKETPLACE_TIME_ZONE } from '@hunted/contracts';

/**
 * Calendar arithmetic on London dates ('YYYY-MM-DD'). Dates are plain calendar days, so they are added and compared
 * as UTC midnights (no zone can shift them); only "today" and the clock's offset need the zone.
 */

const DAY_MS = 86_400_000;

function toUtcMidnight(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

function fromUtcMidnight(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtcMidnight(toUtcMidnight(date) + days * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function dayOfWeek(date: string): number {
  return new Date(toUtcMidnight(date)).getUTCDay();
}

/** The Monday on or before a date. */
export function mondayOf(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** The seven dates of the week starting on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

const todayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: MARKETPLACE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in London at the instant `now`. */
export function londonDate(now: number): string {
  return todayFormat.format(now);
}

const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: MARKETPLACE_TIME_ZONE, timeZoneName: 'longOffset' });

/** London's offset from UTC at an instant as the note writes it: 'GMT +1:00' in summer, 'GMT +0:00' in winter. */
export function londonOffsetLabel(instant: number): string {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return 'GMT +0:00';
  return `GMT ${match[1]}${Number(match[2])}:${match[3]}`;
}

/**
 * The time-zone note for the dates shown: 'Europe/London (GMT +1:00)'. Clocks change on a Sunday, so a shown week
 * can hold two offsets; then both are named, each from the first date it applies to.
 */
export function timeZoneNote(dates: string[]): string {
  const labels: { label: string; from: string }[] = [];
  for (const date of dates) {
    // Noon UTC is within the same London day in either offset.
    const label = londonOffsetLabel(toUtcMidnight(date) + DAY_MS / 2);
    if (labels.at(-1)?.label !== label) labels.push({ label, from: date });
  }
  if (labels.length <= 1) return `${MARKETPLACE_TIME_ZONE} (${labels[0]?.label ?? londonOffsetLabel(Date.now())})`;
  return `${MARKETPLACE_TIME_ZONE} (${labels
    .map((entry, index) => (index === 0 ? entry.label : `${entry.label} from ${shortDateLabel(entry.from)}`))
    .join('; ')})`;
}

/** 'Mon' */
export function weekdayLabel(date: string): string {
  return new Date(toUtcMidnight(date)).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
}

/** '23 Nov' */
export function shortDateLabel(date: string): string {
  return new Date(toUtcMidnight(date)).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** 'Monday, 23 November 2026' */
export function longDateLabel(date: string): string {
  return new Date(toUtcMidnight(date)).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'November 2026' for a month's first date. */
export function monthLabel(firstOfMonth: string): string {
  return new Date(toUtcMidnight(firstOfMonth)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The first date of the month holding `date`, and of the months around it. */
export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function addMonths(first: string, months: number): string {
  const [year, month] = first.split('-').map(Number);
  return fromUtcMidnight(Date.UTC(year ?? 1970, (month ?? 1) - 1 + months, 1));
}

/**
 * The Sunday-to-Saturday grid of a month: whole weeks from the Sunday on or before the 1st to the Saturday on or
 * after the last day (35 cells most months, 42 when the month spans six weeks, 28 for a February starting on Sunday).
 */
export function monthGrid(first: string): { date: string; inMonth: boolean }[] {
  const start = addDays(first, -dayOfWeek(first));
  const last = addDays(addMonths(first, 1), -1);
  const end = addDays(last, 6 - dayOfWeek(last));
  const cells: { date: string; inMonth: boolean }[] = [];
  for (let date = start; date <= end; date = addDays(date, 1))
    cells.push({ date, inMonth: date.slice(0, 7) === first.slice(0, 7) });
  return cells;
}
