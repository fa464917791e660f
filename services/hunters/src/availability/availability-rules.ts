import { BadRequestException } from '@nestjs/common';
import {
  AVAILABILITY_LIMITS,
  AVAILABILITY_SLOTS,
  WEEKDAYS,
  dayNumberOf,
  type AvailabilitySlot,
  type WeeklyHours,
} from '@hunted/contracts';

/**
 * The availability routes' rules, pure so they are unit-tested: dates are London calendar dates ('YYYY-MM-DD'),
 * compared with today in London (the London clock of @hunted/contracts, never the process's zone); labels come from
 * AVAILABILITY_SLOTS, de-duplicated and sorted. Each check names its field in `errors`, as the platform's validation
 * does.
 */
type Errors = Record<string, string>;
const SLOT_SET: ReadonlySet<string> = new Set(AVAILABILITY_SLOTS);
/** More labels than this in one list is refused outright (12 distinct exist; duplicates are dropped). */
const MAX_LABELS_SENT = 100;

function fail(errors: Errors): never {
  throw new BadRequestException({ statusCode: 400, message: Object.values(errors).join('. '), errors });
}

function failIfAny(errors: Errors): void {
  if (Object.keys(errors).length) fail(errors);
}

/** A date's day number, or an error on `field`; `settable` adds "not past, at most 365 days ahead" (London). */
function dateField(value: unknown, field: string, errors: Errors, today: string | null): number | undefined {
  if (typeof value !== 'string' || value === '') {
    errors[field] = `${field} is required, as YYYY-MM-DD`;
    return undefined;
  }
  const day = dayNumberOf(value);
  if (day === null) {
    errors[field] = `${field} must be a real date as YYYY-MM-DD`;
    return undefined;
  }
  if (today !== null) {
    const todayNumber = dayNumberOf(today)!;
    if (day < todayNumber) errors[field] = `${field} must not be in the past (today is ${today} in London)`;
    else if (day > todayNumber + AVAILABILITY_LIMITS.maxDaysAhead) {
      errors[field] = `${field} must be at most ${AVAILABILITY_LIMITS.maxDaysAhead} days ahead`;
    }
  }
  return day;
}

/** Listed labels only, de-duplicated and in the day's order; an error on `field` otherwise. */
function slotsField(value: unknown, field: string, errors: Errors): AvailabilitySlot[] | undefined {
  if (!Array.isArray(value)) {
    errors[field] = `${field} must be a list of time slots (an empty list is a day off)`;
    return undefined;
  }
  if (value.length > MAX_LABELS_SENT) {
    errors[field] = `${field} must have at most ${MAX_LABELS_SENT} entries`;
    return undefined;
  }
  const wrong = value.filter((label) => typeof label !== 'string' || !SLOT_SET.has(label));
  if (wrong.length) {
    errors[field] = `Each of ${field} must be one of: ${AVAILABILITY_SLOTS.join(', ')}`;
    return undefined;
  }
  return normalizedSlots(value as AvailabilitySlot[]);
}

/** Labels de-duplicated and sorted as the day runs ('HH:MM' sorts as text). */
export function normalizedSlots(slots: readonly AvailabilitySlot[]): AvailabilitySlot[] {
  return [...new Set(slots)].sort();
}

function bodyOf(body: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) fail({ body: 'The body must be a JSON object' });
  const record = body as Record<string, unknown>;
  const errors: Errors = {};
  for (const key of Object.keys(record)) if (!allowed.includes(key)) errors[key] = `property ${key} should not exist`;
  failIfAny(errors);
  return record;
}

export interface DateRecord {
  date: string;
  timeSlots: AvailabilitySlot[];
  isAvailable: boolean;
}

/** `POST /api/hunter-availability`: {date, timeSlots, isAvailable?}; isAvailable, when sent, must match the slots. */
export function parseDateRecord(body: unknown, today: string): DateRecord {
  const record = bodyOf(body, ['date', 'timeSlots', 'isAvailable']);
  const errors: Errors = {};
  dateField(record.date, 'date', errors, today);
  const timeSlots = slotsField(record.timeSlots, 'timeSlots', errors);
  if (record.isAvailable !== undefined && typeof record.isAvailable !== 'boolean') {
    errors.isAvailable = 'isAvailable must be true or false';
  } else if (timeSlots && record.isAvailable !== undefined && record.isAvailable !== timeSlots.length > 0) {
    errors.isAvailable = 'isAvailable must be true exactly when timeSlots is not empty (an empty list is a day off)';
  }
  failIfAny(errors);
  return { date: record.date as string, timeSlots: timeSlots!, isAvailable: timeSlots!.length > 0 };
}

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** `POST /api/hunter-availability/range`: every date settable, endDate not before startDate, at most 92 days. */
export function parseRangeRecord(body: unknown, today: string): DateRange & { timeSlots: AvailabilitySlot[] } {
  const record = bodyOf(body, ['startDate', 'endDate', 'timeSlots']);
  const errors: Errors = {};
  const timeSlots = slotsField(record.timeSlots, 'timeSlots', errors);
  const range = checkedRange(record.startDate, record.endDate, AVAILABILITY_LIMITS.maxRangeDays, today, errors);
  failIfAny(errors);
  return { ...range!, timeSlots: timeSlots! };
}

/** `GET /api/hunter-availability?startDate&endDate`: any real dates, at most 62 days. */
export function parseReadRange(query: Record<string, unknown>): DateRange {
  const errors: Errors = {};
  const range = checkedRange(query.startDate, query.endDate, AVAILABILITY_LIMITS.maxReadDays, null, errors);
  failIfAny(errors);
  return range!;
}

function checkedRange(start: unknown, end: unknown, maxDays: number, today: string | null, errors: Errors): DateRange | undefined {
  const first = dateField(start, 'startDate', errors, today);
  const last = dateField(end, 'endDate', errors, today);
  if (first === undefined || last === undefined) return undefined;
  if (last < first) errors.endDate = 'endDate must not be before startDate';
  else if (last - first + 1 > maxDays) errors.endDate = `The range must be at most ${maxDays} days`;
  return { startDate: start as string, endDate: end as string };
}

/** `DELETE /api/hunter-availability/{date}`: a settable date. */
export function parseSettableDate(value: string, today: string): string {
  const errors: Errors = {};
  dateField(value, 'date', errors, today);
  failIfAny(errors);
  return value;
}

/** `PUT /api/hunter-availability/weekly`: all seven weekdays, each a list of labels. */
export function parseWeeklyHours(body: unknown): WeeklyHours {
  const record = bodyOf(body, WEEKDAYS);
  const errors: Errors = {};
  const week: Partial<WeeklyHours> = {};
  for (const day of WEEKDAYS) {
    if (record[day] === undefined) errors[day] = `${day} is required (an empty list is a day off)`;
    else week[day] = slotsField(record[day], day, errors);
  }
  failIfAny(errors);
  return week as WeeklyHours;
}
