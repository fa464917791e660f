import { AVAILABILITY_LIMITS, WEEKDAYS, type Weekday } from '@hunted/contracts';

/**
 * The availability editor's calendar, pure. Dates are London calendar dates written 'YYYY-MM-DD' (the marketplace's
 * days, whatever the browser's zone): they are counted as whole days on UTC midnights, so no browser offset or clock
 * change can shift one. Only "today" depends on an instant, and it is London's today (`londonToday` in lib).
 */

const DAY_MS = 86_400_000;

/** The calendar shows six weeks, Sunday first (spec, "Availability editor"). */
export const CALENDAR_DAY_COUNT = 42;
export const CALENDAR_WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** A month of the calendar; `month` runs 1–12. */
export interface CalendarMonth {
  year: number;
  month: number;
}

export interface CalendarDay {
  date: string;
  dayOfMonth: number;
  /** False for the days of the previous and next months that fill the first and last weeks. */
  inMonth: boolean;
  isToday: boolean;
  isPast: boolean;
  /** In the shown month, not past, and no further ahead than the server accepts. */
  selectable: boolean;
}

function dayNumberOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY_MS;
}

function dateOfDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumberOf(date) + days);
}

/** Days from `start` to `end`, both included (0 or less when `end` is before `start`). */
export function daysInRange(start: string, end: string): number {
  return dayNumberOf(end) - dayNumberOf(start) + 1;
}

export function monthOf(date: string): CalendarMonth {
  const [year, month] = date.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1 };
}

export function addMonths({ year, month }: CalendarMonth, count: number): CalendarMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function compareMonths(a: CalendarMonth, b: CalendarMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** The first and last dates of a month: what GET /api/hunter-availability is asked for. */
export function monthRange({ year, month }: CalendarMonth): { startDate: string; endDate: string } {
  const first = Date.UTC(year, month - 1, 1) / DAY_MS;
  const next = Date.UTC(year, month, 1) / DAY_MS;
  return { startDate: dateOfDayNumber(first), endDate: dateOfDayNumber(next - 1) };
}

/** The last date the server lets a hunter set (today in London plus 365 days). */
export function lastSettableDate(today: string): string {
  return addDays(today, AVAILABILITY_LIMITS.maxDaysAhead);
}

/** Whether a date can be changed: not past, and not beyond the last settable date. */
export function isSettable(date: string, today: string): boolean {
  return date >= today && date <= lastSettableDate(today);
}

/** The first problem with a chosen range, in words, or null when it can be blocked. */
export function blockRangeProblem(startDate: string, endDate: string, today: string): string | null {
  if (!startDate || !endDate) return 'Choose the first and the last day to block.';
  if (startDate < today) return 'The first day cannot be in the past.';
  if (endDate < startDate) return 'The last day must be on or after the first day.';
  if (endDate > lastSettableDate(today)) return `Dates can be set up to ${AVAILABILITY_LIMITS.maxDaysAhead} days ahead.`;
  if (daysInRange(startDate, endDate) > AVAILABILITY_LIMITS.maxRangeDays) {
    return `Block at most ${AVAILABILITY_LIMITS.maxRangeDays} days at a time.`;
  }
  return null;
}

/** The 42 days shown for a month: from the Sunday on or before its 1st, six full weeks. */
export function calendarGrid(shown: CalendarMonth, today: string): CalendarDay[] {
  const { startDate } = monthRange(shown);
  const first = dayNumberOf(startDate);
  const sundayOffset = new Date(first * DAY_MS).getUTCDay();
  return Array.from({ length: CALENDAR_DAY_COUNT }, (_, index) => {
    const date = dateOfDayNumber(first - sundayOffset + index);
    const { year, month } = monthOf(date);
    const inMonth = year === shown.year && month === shown.month;
    return {
      date,
      dayOfMonth: Number(date.slice(8, 10)),
      inMonth,
      isToday: date === today,
      isPast: date < today,
      selectable: inMonth && isSettable(date, today),
    };
  });
}

/** The month navigation's bounds: from this month (London) to the month of the last settable date. */
export function monthNavigation(shown: CalendarMonth, today: string): { previous: boolean; next: boolean } {
  return {
    previous: compareMonths(shown, monthOf(today)) > 0,
    next: compareMonths(shown, monthOf(lastSettableDate(today))) < 0,
  };
}

/** A date's weekday as the weekly hours name it ('mon' … 'sun'). */
export function weekdayOf(date: string): Weekday {
  const sundayFirst = new Date(dayNumberOf(date) * DAY_MS).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

// Labels are written for the UTC midnight that stands for the date, so the browser's zone never shifts the day.
const monthFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const shortDateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** 'March 2026'. */
export function monthLabel({ year, month }: CalendarMonth): string {
  return monthFormat.format(Date.UTC(year, month - 1, 1));
}

/** 'Monday, 23 March 2026'. */
export function dateLabel(date: string): string {
  return dateFormat.format(dayNumberOf(date) * DAY_MS);
}

/** '23 Mar'. */
export function shortDateLabel(date: string): string {
  return shortDateFormat.format(dayNumberOf(date) * DAY_MS);
}
