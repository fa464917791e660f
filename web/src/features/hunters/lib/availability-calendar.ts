import {
  AVAILABILITY_LIMITS,
  WEEKDAYS,
  addDays,
  addMonths as addMonthsToDate,
  dayOfWeek,
  daysBetween,
  isCalendarDate,
  monthLabel as monthLabelOf,
  type Weekday,
} from '@hunted/contracts';

/**
 * The availability editor's calendar, pure. Dates are London calendar dates written 'YYYY-MM-DD' (the marketplace's
 * days, whatever the browser's zone), counted by the London clock in @hunted/contracts, so no browser offset or clock
 * change can shift one. Only "today" depends on an instant, and it is London's today (`londonDateOf`).
 */

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

/** Days from `start` to `end`, both included (0 or less when `end` is before `start`). */
export function daysInRange(start: string, end: string): number {
  return daysBetween(start, end) + 1;
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
export function monthRange(shown: CalendarMonth): { startDate: string; endDate: string } {
  const startDate = firstDateOf(shown);
  return { startDate, endDate: addDays(addMonthsToDate(startDate, 1), -1) };
}

/** The 1st of a month, 'YYYY-MM-01'. */
function firstDateOf({ year, month }: CalendarMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
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
  // A date input gives '' until a whole date is chosen (and nothing the clock cannot count).
  if (!isCalendarDate(startDate) || !isCalendarDate(endDate)) return 'Choose the first and the last day to block.';
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
  const first = firstDateOf(shown);
  const sunday = addDays(first, -dayOfWeek(first));
  return Array.from({ length: CALENDAR_DAY_COUNT }, (_, index) => {
    const date = addDays(sunday, index);
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
  return WEEKDAYS[(dayOfWeek(date) + 6) % 7]!;
}

/** 'March 2026'. */
export function monthLabel(shown: CalendarMonth): string {
  return monthLabelOf(firstDateOf(shown));
}
