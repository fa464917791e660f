import { londonDateOf, longDateLabel } from '@hunted/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addMonths,
  blockRangeProblem,
  calendarGrid,
  isSettable,
  lastSettableDate,
  monthLabel,
  monthNavigation,
  monthRange,
  weekdayOf,
} from './availability-calendar';

// Every test runs with the process in a zone far from London, where local dates differ from London's for hours of
// each day: the calendar must not read the browser's zone anywhere.
const zoneBefore = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Pacific/Kiritimati'; // UTC+14
});
afterEach(() => {
  process.env.TZ = zoneBefore;
});

const dates = (days: { date: string }[]) => days.map((day) => day.date);

describe('the month grid', () => {
  it('shows 42 days, six weeks from the Sunday on or before the 1st', () => {
    // 1 July 2026 is a Wednesday: the grid opens on Sunday 28 June and closes on Saturday 8 August.
    const grid = calendarGrid({ year: 2026, month: 7 }, '2026-07-01');
    expect(grid).toHaveLength(42);
    expect(grid[0]!.date).toBe('2026-06-28');
    expect(grid[41]!.date).toBe('2026-08-08');
    for (const week of [0, 7, 14, 21, 28, 35]) expect(weekdayOf(grid[week]!.date)).toBe('sun');
    expect(grid.filter((day) => day.inMonth)).toHaveLength(31);
    expect(dates(grid.filter((day) => !day.inMonth)).slice(0, 3)).toEqual(['2026-06-28', '2026-06-29', '2026-06-30']);
  });

  it('starts on the 1st itself when the month begins on a Sunday, and crosses the year end', () => {
    expect(calendarGrid({ year: 2026, month: 2 }, '2026-01-01')[0]!.date).toBe('2026-02-01');
    const january = calendarGrid(addMonths({ year: 2026, month: 12 }, 1), '2026-11-23');
    expect(january[0]!.date).toBe('2026-12-27');
    expect(january.find((day) => day.inMonth)!.date).toBe('2027-01-01');
    expect(january[41]!.date).toBe('2027-02-06');
  });

  it('lets only the shown month’s days from today on be picked', () => {
    const grid = calendarGrid({ year: 2026, month: 11 }, '2026-11-23');
    const byDate = new Map(grid.map((day) => [day.date, day]));
    expect(byDate.get('2026-11-22')).toMatchObject({ inMonth: true, isPast: true, selectable: false });
    expect(byDate.get('2026-11-23')).toMatchObject({ isToday: true, isPast: false, selectable: true });
    expect(byDate.get('2026-11-30')!.selectable).toBe(true);
    // The next month's days that fill the last week are shown, not pickable.
    expect(byDate.get('2026-12-01')).toMatchObject({ inMonth: false, selectable: false });
    expect(grid.filter((day) => day.selectable)).toHaveLength(8);
  });

  it('stops at the last date the server accepts, 365 days ahead', () => {
    expect(lastSettableDate('2026-11-23')).toBe('2027-11-23');
    expect(isSettable('2027-11-23', '2026-11-23')).toBe(true);
    expect(isSettable('2027-11-24', '2026-11-23')).toBe(false);
    const lastMonth = calendarGrid({ year: 2027, month: 11 }, '2026-11-23');
    expect(lastMonth.filter((day) => day.selectable).map((day) => day.dayOfMonth).at(-1)).toBe(23);
    expect(monthNavigation({ year: 2026, month: 11 }, '2026-11-23')).toEqual({ previous: false, next: true });
    expect(monthNavigation({ year: 2027, month: 11 }, '2026-11-23')).toEqual({ previous: true, next: false });
  });

  it('asks the server for the first to the last day of the month', () => {
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(monthRange({ year: 2026, month: 12 })).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
  });
});

describe('London dates in any browser zone', () => {
  it.each([
    ['Pacific/Kiritimati', -840],
    ['America/Los_Angeles', 420],
    ['Asia/Kolkata', -330],
  ])('today is London’s today in %s', (zone, julyOffsetMinutes) => {
    process.env.TZ = zone;
    // The process really is in that zone (Node applies a changed TZ at once).
    expect(new Date('2026-07-01T12:00:00Z').getTimezoneOffset()).toBe(julyOffsetMinutes);
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST), whatever the local calendar says.
    expect(londonDateOf(Date.parse('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    // In winter London is on UTC: 23:30 UTC is still the same day.
    expect(londonDateOf(Date.parse('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
    // Around the clock change: 00:30 UTC on 29 March 2026 is 00:30 GMT; 01:30 UTC is 02:30 BST.
    expect(londonDateOf(Date.parse('2026-03-29T00:30:00Z'))).toBe('2026-03-29');
    expect(calendarGrid({ year: 2026, month: 3 }, '2026-03-29').find((day) => day.isToday)!.date).toBe('2026-03-29');
    expect(weekdayOf('2026-03-29')).toBe('sun');
    expect(longDateLabel('2026-03-29')).toBe('Sunday, 29 March 2026');
    expect(monthLabel({ year: 2026, month: 3 })).toBe('March 2026');
  });
});

describe('blocking a range of dates', () => {
  const today = '2026-11-23';
  it('needs both days, not past, in order, within 365 days and at most 92 days long', () => {
    expect(blockRangeProblem('', '2026-11-25', today)).toBe('Choose the first and the last day to block.');
    expect(blockRangeProblem('2026-11-22', '2026-11-25', today)).toBe('The first day cannot be in the past.');
    expect(blockRangeProblem('2026-11-26', '2026-11-25', today)).toBe('The last day must be on or after the first day.');
    expect(blockRangeProblem('2027-11-01', '2027-11-24', today)).toBe('Dates can be set up to 365 days ahead.');
    expect(blockRangeProblem('2026-11-23', '2027-02-23', today)).toBe('Block at most 92 days at a time.');
    expect(blockRangeProblem('2026-11-23', '2027-02-22', today)).toBeNull();
    expect(blockRangeProblem('2026-11-23', '2026-11-23', today)).toBeNull();
  });
});
