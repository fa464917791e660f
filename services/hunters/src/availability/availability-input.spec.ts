import {
  availabilityDateParamSchemaFor,
  availabilityInputSchemaFor,
  availabilityRangeInputSchemaFor,
  availabilityReadQuerySchema,
  dayNumberOf,
  hunterToday,
  londonDateOf,
  weeklyHoursSchema,
} from '@hunted/contracts';
import { fieldErrorsOfIssues } from '@hunted/platform';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

const TODAY = '2026-06-15';
// The settable dates are compared with today on the hunter's clock: here a London hunter at noon of TODAY.
const LONDON_TODAY = hunterToday('Europe/London', new Date(`${TODAY}T11:00:00Z`));
const availabilityInputSchema = availabilityInputSchemaFor(LONDON_TODAY);
const availabilityRangeInputSchema = availabilityRangeInputSchemaFor(LONDON_TODAY);
const availabilityDateParamSchema = availabilityDateParamSchemaFor(LONDON_TODAY);

function parse(schema: z.ZodType, value: unknown): unknown {
  return schema.parse(value);
}

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a 400');
  return fieldErrorsOfIssues(result.error.issues);
}

describe('availability input', () => {
  it("answers today's date in London, whatever the instant's UTC date", () => {
    // 23:30 UTC in British Summer Time is already the next day in London; in winter London is UTC.
    expect(londonDateOf(new Date('2026-06-15T23:30:00Z'))).toBe('2026-06-16');
    expect(londonDateOf(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
    expect(londonDateOf(new Date('2026-03-29T00:30:00Z'))).toBe('2026-03-29');
  });

  it("checks a settable date against today on the hunter's own clock, not London's", () => {
    // 22:30 UTC on 27 March 2027: already 28 March (00:30) in Athens, still 27 March in London.
    const athens = hunterToday('Europe/Athens', new Date('2027-03-27T22:30:00Z'));
    expect(athens).toEqual({ date: '2027-03-28', place: 'Athens' });
    expect(errorsOf(availabilityInputSchemaFor(athens), { date: '2027-03-27', timeSlots: [] }).date).toBe(
      'date must not be in the past (today is 2027-03-28 in Athens)',
    );
    expect(parse(availabilityInputSchemaFor(athens), { date: '2027-03-28', timeSlots: [] })).toMatchObject({
      date: '2027-03-28',
    });
    // 03:30 UTC on 8 November 2027: London is on the 8th, New York (EST since the 7th) still on the 7th, so a New
    // York hunter may still set their own today, which a London clock would call yesterday.
    const newYork = hunterToday('America/New_York', new Date('2027-11-08T03:30:00Z'));
    expect(newYork).toEqual({ date: '2027-11-07', place: 'New York' });
    expect(
      parse(availabilityRangeInputSchemaFor(newYork), {
        startDate: '2027-11-07',
        endDate: '2027-11-08',
        timeSlots: [],
      }),
    ).toMatchObject({ startDate: '2027-11-07' });
    expect(parse(availabilityDateParamSchemaFor(newYork), { date: '2027-11-07' })).toEqual({ date: '2027-11-07' });
    expect(errorsOf(availabilityDateParamSchemaFor(newYork), { date: '2027-11-06' }).date).toBe(
      'date must not be in the past (today is 2027-11-07 in New York)',
    );
    // The year ahead is counted from the hunter's today too.
    expect(errorsOf(availabilityInputSchemaFor(athens), { date: '2028-03-28', timeSlots: [] }).date).toBe(
      'date must be at most 365 days ahead',
    );
  });

  it('reads only real YYYY-MM-DD dates', () => {
    expect(dayNumberOf('1970-01-02')).toBe(1);
    for (const bad of ['2026-02-30', '2026-13-01', '2026-6-1', '15/06/2026', '2026-06-15T00:00'])
      expect(dayNumberOf(bad), bad).toBeNull();
  });

  it('keeps listed labels, de-duplicated and in order, and computes isAvailable', () => {
    expect(parse(availabilityInputSchema, { date: TODAY, timeSlots: ['14:00', '09:00', '14:00'] })).toEqual({
      date: TODAY,
      timeSlots: ['09:00', '14:00'],
      isAvailable: true,
    });
    expect(parse(availabilityInputSchema, { date: '2027-06-15', timeSlots: [], isAvailable: false })).toEqual({
      date: '2027-06-15',
      timeSlots: [],
      isAvailable: false,
    });
  });

  it('refuses past, too-far and unreal dates, unlisted labels and a contradicting isAvailable, naming the field', () => {
    const errors = (body: unknown) => errorsOf(availabilityInputSchema, body);
    expect(errors({ date: '2026-06-14', timeSlots: [] }).date).toBe(
      'date must not be in the past (today is 2026-06-15 in London)',
    );
    expect(errors({ date: '2027-06-16', timeSlots: [] }).date).toBe('date must be at most 365 days ahead');
    expect(errors({ date: '2026-02-30', timeSlots: [] }).date).toBe('date must be a real date as YYYY-MM-DD');
    expect(errors({ timeSlots: [] }).date).toBe('date is required, as YYYY-MM-DD');
    expect(errors({ date: TODAY, timeSlots: ['08:00'] }).timeSlots).toMatch(
      /^Each of timeSlots must be one of: 09:00, /,
    );
    expect(errors({ date: TODAY, timeSlots: [9] }).timeSlots).toMatch(/^Each of timeSlots/);
    expect(errors({ date: TODAY, timeSlots: Array(101).fill('09:00') }).timeSlots).toBe(
      'timeSlots must have at most 100 entries',
    );
    expect(errors({ date: TODAY }).timeSlots).toBe(
      'timeSlots must be a list of time slots (an empty list is a day off)',
    );
    expect(errors({ date: TODAY, timeSlots: [], isAvailable: true }).isAvailable).toMatch(/exactly when/);
    expect(errors({ date: TODAY, timeSlots: [], isAvailable: 'yes' }).isAvailable).toBe(
      'isAvailable must be true or false',
    );
    // Fields and their order as the hand-written rules answered them.
    expect(Object.keys(errors({ date: 'x', timeSlots: 'y', isAvailable: true }))).toEqual(['date', 'timeSlots']);
    // An unknown field is refused on its own, before any field is checked; a body that is not an object too.
    expect(errors({ timeSlots: [], extra: 1 })).toEqual({ extra: 'property extra should not exist' });
    expect(errors([])).toEqual({ body: 'The body must be a JSON object' });
  });

  it('limits a range to 92 settable days in order, and a read to 62 days', () => {
    const range = (body: unknown) => errorsOf(availabilityRangeInputSchema, body);
    expect(
      parse(availabilityRangeInputSchema, { startDate: TODAY, endDate: '2026-09-14', timeSlots: ['10:00', '09:00'] }),
    ).toEqual({
      startDate: TODAY,
      endDate: '2026-09-14',
      timeSlots: ['09:00', '10:00'],
    });
    expect(range({ startDate: TODAY, endDate: '2026-09-15', timeSlots: [] }).endDate).toBe(
      'The range must be at most 92 days',
    );
    expect(range({ startDate: '2026-06-20', endDate: '2026-06-19', timeSlots: [] }).endDate).toBe(
      'endDate must not be before startDate',
    );
    expect(range({ startDate: '2026-06-01', endDate: '2026-06-19', timeSlots: [] }).startDate).toMatch(/past/);
    // An order error replaces a date's own, as before; the slots are named first.
    expect(range({ startDate: '2026-06-10', endDate: '2026-06-01', timeSlots: 'x' })).toEqual({
      timeSlots: 'timeSlots must be a list of time slots (an empty list is a day off)',
      startDate: 'startDate must not be in the past (today is 2026-06-15 in London)',
      endDate: 'endDate must not be before startDate',
    });
    expect(Object.keys(range({ startDate: '2026-06-10', endDate: '2026-06-01', timeSlots: 'x' }))).toEqual([
      'timeSlots',
      'startDate',
      'endDate',
    ]);
    // Reading may look at the past; the span is what is limited; other parameters are ignored.
    expect(parse(availabilityReadQuerySchema, { startDate: '2026-05-01', endDate: '2026-07-01', other: '1' })).toEqual({
      startDate: '2026-05-01',
      endDate: '2026-07-01',
    });
    expect(errorsOf(availabilityReadQuerySchema, { startDate: '2026-05-01', endDate: '2026-07-02' }).endDate).toBe(
      'The range must be at most 62 days',
    );
    expect(errorsOf(availabilityReadQuerySchema, {}).startDate).toBe('startDate is required, as YYYY-MM-DD');
    expect(
      errorsOf(availabilityReadQuerySchema, { startDate: ['2026-05-01', '2026-05-02'], endDate: '2026-05-03' })
        .startDate,
    ).toBe('startDate is required, as YYYY-MM-DD');
  });

  it('checks a date to revert and a whole week', () => {
    expect(parse(availabilityDateParamSchema, { date: TODAY })).toEqual({ date: TODAY });
    expect(errorsOf(availabilityDateParamSchema, { date: '2026-06-14' }).date).toMatch(/past/);
    const week = { mon: ['10:00', '09:00'], tue: [], wed: [], thu: [], fri: [], sat: [], sun: ['20:00'] };
    expect(parse(weeklyHoursSchema, week)).toEqual({ ...week, mon: ['09:00', '10:00'] });
    expect(errorsOf(weeklyHoursSchema, { ...week, sun: undefined }).sun).toBe(
      'sun is required (an empty list is a day off)',
    );
    expect(errorsOf(weeklyHoursSchema, { ...week, sun: 'none' }).sun).toBe(
      'sun must be a list of time slots (an empty list is a day off)',
    );
    expect(errorsOf(weeklyHoursSchema, { ...week, mon: ['21:00'] }).mon).toMatch(/^Each of mon must be one of/);
    expect(errorsOf(weeklyHoursSchema, { ...week, monday: [] })).toEqual({
      monday: 'property monday should not exist',
    });
  });
});
