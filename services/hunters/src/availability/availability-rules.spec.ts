import { dayNumberOf, londonDateOf } from '@hunted/contracts';
import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import {
  parseDateRecord,
  parseRangeRecord,
  parseReadRange,
  parseSettableDate,
  parseWeeklyHours,
} from './availability-rules.js';

const TODAY = '2026-06-15';

function errorsOf(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return ((error as BadRequestException).getResponse() as { errors: Record<string, string> }).errors;
  }
  throw new Error('expected a 400');
}

describe('availability rules', () => {
  it("answers today's date in London, whatever the instant's UTC date", () => {
    // 23:30 UTC in British Summer Time is already the next day in London; in winter London is UTC.
    expect(londonDateOf(new Date('2026-06-15T23:30:00Z'))).toBe('2026-06-16');
    expect(londonDateOf(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
    expect(londonDateOf(new Date('2026-03-29T00:30:00Z'))).toBe('2026-03-29');
  });

  it('reads only real YYYY-MM-DD dates', () => {
    expect(dayNumberOf('1970-01-02')).toBe(1);
    for (const bad of ['2026-02-30', '2026-13-01', '2026-6-1', '15/06/2026', '2026-06-15T00:00']) expect(dayNumberOf(bad), bad).toBeNull();
  });

  it('keeps listed labels, de-duplicated and in order, and computes isAvailable', () => {
    expect(parseDateRecord({ date: TODAY, timeSlots: ['14:00', '09:00', '14:00'] }, TODAY)).toEqual({
      date: TODAY,
      timeSlots: ['09:00', '14:00'],
      isAvailable: true,
    });
    expect(parseDateRecord({ date: '2027-06-15', timeSlots: [], isAvailable: false }, TODAY)).toEqual({
      date: '2027-06-15',
      timeSlots: [],
      isAvailable: false,
    });
  });

  it('refuses past, too-far and unreal dates, unlisted labels and a contradicting isAvailable, naming the field', () => {
    expect(errorsOf(() => parseDateRecord({ date: '2026-06-14', timeSlots: [] }, TODAY)).date).toBe(
      'date must not be in the past (today is 2026-06-15 in London)',
    );
    expect(errorsOf(() => parseDateRecord({ date: '2027-06-16', timeSlots: [] }, TODAY)).date).toBe('date must be at most 365 days ahead');
    expect(errorsOf(() => parseDateRecord({ date: '2026-02-30', timeSlots: [] }, TODAY)).date).toBe('date must be a real date as YYYY-MM-DD');
    expect(errorsOf(() => parseDateRecord({ timeSlots: [] }, TODAY)).date).toBe('date is required, as YYYY-MM-DD');
    expect(errorsOf(() => parseDateRecord({ date: TODAY, timeSlots: ['08:00'] }, TODAY)).timeSlots).toMatch(/^Each of timeSlots must be one of: 09:00, /);
    expect(errorsOf(() => parseDateRecord({ date: TODAY, timeSlots: [9] }, TODAY)).timeSlots).toMatch(/^Each of timeSlots/);
    expect(errorsOf(() => parseDateRecord({ date: TODAY }, TODAY)).timeSlots).toBe('timeSlots must be a list of time slots (an empty list is a day off)');
    expect(errorsOf(() => parseDateRecord({ date: TODAY, timeSlots: [], isAvailable: true }, TODAY)).isAvailable).toMatch(/exactly when/);
    expect(errorsOf(() => parseDateRecord({ date: TODAY, timeSlots: [], extra: 1 }, TODAY))).toEqual({ extra: 'property extra should not exist' });
  });

  it('limits a range to 92 settable days in order, and a read to 62 days', () => {
    expect(parseRangeRecord({ startDate: TODAY, endDate: '2026-09-14', timeSlots: [] }, TODAY)).toEqual({
      startDate: TODAY,
      endDate: '2026-09-14',
      timeSlots: [],
    });
    expect(errorsOf(() => parseRangeRecord({ startDate: TODAY, endDate: '2026-09-15', timeSlots: [] }, TODAY)).endDate).toBe(
      'The range must be at most 92 days',
    );
    expect(errorsOf(() => parseRangeRecord({ startDate: '2026-06-20', endDate: '2026-06-19', timeSlots: [] }, TODAY)).endDate).toBe(
      'endDate must not be before startDate',
    );
    expect(errorsOf(() => parseRangeRecord({ startDate: '2026-06-01', endDate: '2026-06-19', timeSlots: [] }, TODAY)).startDate).toMatch(/past/);
    // Reading may look at the past; the span is what is limited.
    expect(parseReadRange({ startDate: '2026-05-01', endDate: '2026-07-01' })).toEqual({ startDate: '2026-05-01', endDate: '2026-07-01' });
    expect(errorsOf(() => parseReadRange({ startDate: '2026-05-01', endDate: '2026-07-02' })).endDate).toBe('The range must be at most 62 days');
    expect(errorsOf(() => parseReadRange({})).startDate).toBe('startDate is required, as YYYY-MM-DD');
  });

  it('checks a date to revert and a whole week', () => {
    expect(parseSettableDate(TODAY, TODAY)).toBe(TODAY);
    expect(errorsOf(() => parseSettableDate('2026-06-14', TODAY)).date).toMatch(/past/);
    const week = { mon: ['10:00', '09:00'], tue: [], wed: [], thu: [], fri: [], sat: [], sun: ['20:00'] };
    expect(parseWeeklyHours(week)).toEqual({ ...week, mon: ['09:00', '10:00'] });
    expect(errorsOf(() => parseWeeklyHours({ ...week, sun: undefined })).sun).toBe('sun is required (an empty list is a day off)');
    expect(errorsOf(() => parseWeeklyHours({ ...week, mon: ['21:00'] })).mon).toMatch(/^Each of mon must be one of/);
    expect(errorsOf(() => parseWeeklyHours({ ...week, monday: [] }))).toEqual({ monday: 'property monday should not exist' });
  });
});
