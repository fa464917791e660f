/**
 * The London clock: the one place the marketplace's time rule lives, for every service and the web app. Two kinds
 * of value meet here:
 * - instants (epoch milliseconds or a Date), read off London's wall clock whatever the process's or browser's zone;
 * - London dates ('YYYY-MM-DD'), plain calendar days. They are counted on UTC midnights, which no zone or clock
 *   change can shift, so adding days or finding a week never needs the zone.
 * Only `Intl` is used (no library), so the web bundle gains nothing but this file.
 */

/** Dates and hours of the marketplace are London's, whatever the process's or the browser's zone. */
export const MARKETPLACE_TIME_ZONE = 'Europe/London';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const pad = (n: number) => String(n).padStart(2, '0');
/** Date.UTC, but years 0–99 stay themselves (Date.UTC reads them as 1900–1999). */
const utcMs = (year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(0).setUTCFullYear(year, monthIndex, day) + ((hour * 60 + minute) * 60 + second) * 1000;

// Formatters are made on first use: a module that only counts dates never builds one.
let zoneFormat: Intl.DateTimeFormat | undefined;

/** London's offset (ms, to the second) and zone name at an instant, read from `Intl`. */
function readZone(instant: number): LondonZone {
  zoneFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: MARKETPLACE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    timeZoneName: 'short',
  });
  const parts: Record<string, string> = {};
  for (const part of zoneFormat.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = part.value;
  const wall = utcMs(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return { offsetMs: wall - (instant - (((instant % 1000) + 1000) % 1000)), zone: parts.timeZoneName ?? 'GMT' };
}

interface LondonZone {
  offsetMs: number;
  zone: string;
}

// London's offset changes only on whole UTC hours (01:00 UTC, twice a year), so it is read once per UTC hour:
// formatToParts costs microseconds and the slots read hundreds of instants per request. An hour whose two ends
// disagree (none since 1847) is never cached. Bounded, so a long-running process does not grow it without end.
const zoneByHour = new Map<number, LondonZone>();
const MAX_CACHED_HOURS = 50_000;

function zoneAt(instant: number): LondonZone {
  const hour = Math.floor(instant / HOUR_MS);
  const cached = zoneByHour.get(hour);
  if (cached) return cached;
  const first = readZone(hour * HOUR_MS);
  const last = readZone(hour * HOUR_MS + HOUR_MS - 1);
  if (first.offsetMs !== last.offsetMs || first.zone !== last.zone) return readZone(instant);
  if (zoneByHour.size >= MAX_CACHED_HOURS) zoneByHour.clear();
  zoneByHour.set(hour, first);
  return first;
}

const msOf = (instant: Date | number) => (typeof instant === 'number' ? instant : instant.getTime());

/** London's wall clock at an instant. */
export interface LondonWallClock {
  /** The London date, 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:MM', 00:00 to 23:59. */
  time: string;
  hour: number;
  minute: number;
  /** Minutes London is ahead of UTC: 0 (GMT) or 60 (BST). */
  offsetMinutes: number;
  /** The zone's short name as en-GB writes it: 'GMT' in winter, 'BST' in summer. */
  zone: string;
}

/** 'HH:MM' of each minute of a day, made once: the slots label hundreds of starts per request. */
const TIME_LABELS = Array.from({ length: 24 * 60 }, (_, m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`);

/** London's wall clock read off an instant. */
export function londonWallClock(instant: Date | number): LondonWallClock {
  const ms = msOf(instant);
  const { offsetMs, zone } = zoneAt(ms);
  const wallMs = ms + offsetMs;
  const day = Math.floor(wallMs / DAY_MS);
  const minuteOfDay = Math.floor((wallMs - day * DAY_MS) / MINUTE_MS);
  return {
    date: dateOfDayNumber(day),
    time: TIME_LABELS[minuteOfDay]!,
    hour: Math.floor(minuteOfDay / 60),
    minute: minuteOfDay % 60,
    offsetMinutes: Math.round(offsetMs / MINUTE_MS),
    zone,
  };
}

/**
 * An instant written as `Date.toISOString` writes it. A slot's two ends are written for every bookable start of a
 * request (hundreds), and toISOString was a tenth of the slots' time: this reuses the day's text and writes only
 * the time of day.
 */
export function isoInstant(instant: number): string {
  const day = Math.floor(instant / DAY_MS);
  const inDay = instant - day * DAY_MS;
  const minuteOfDay = Math.floor(inDay / MINUTE_MS);
  const milliseconds = inDay - minuteOfDay * MINUTE_MS;
  const seconds = Math.floor(milliseconds / 1000);
  const date = dateOfDayNumber(day);
  if (date.length !== 10) return new Date(instant).toISOString();
  return `${date}T${TIME_LABELS[minuteOfDay]}:${pad(seconds)}.${String(milliseconds - seconds * 1000).padStart(3, '0')}Z`;
}

/** The London date ('YYYY-MM-DD') of an instant: "today" in London at `now`. */
export function londonDateOf(instant: Date | number): string {
  return londonWallClock(instant).date;
}

/** Minutes London is ahead of UTC at an instant: 0 in winter, 60 in summer. */
export function londonOffsetMinutes(instant: Date | number): number {
  return londonWallClock(instant).offsetMinutes;
}

/** London's offset at an instant as the booking pages write it: 'GMT +1:00' in summer, 'GMT +0:00' in winter. */
export function londonOffsetLabel(instant: Date | number): string {
  const offset = londonOffsetMinutes(instant);
  const size = Math.abs(offset);
  return `GMT ${offset < 0 ? '-' : '+'}${Math.floor(size / 60)}:${pad(size % 60)}`;
}

/**
 * The instant London's clock reads `time` ('HH:MM', midnight when left out) on `date`. Midnight exists once on every
 * London date (the clocks change at 01:00 UTC). For the hour that does not exist in spring (01:00–01:59 on the last
 * Sunday of March) the time is read with the offset before the change, so 01:30 is the instant the clock shows
 * 02:30 BST; for the hour that happens twice in autumn (01:00–01:59 on the last Sunday of October) it is the second
 * one, in GMT. This is the rule `@date-fns/tz`'s TZDate followed when the slots used it.
 */
export function londonInstant(date: string, time = '00:00'): number {
  const day = dayNumberOf(date);
  const clock = WALL_TIME.exec(time);
  if (day === null || !clock) throw new RangeError(`Not a London date and time: ${date} ${time}`);
  const asUtc = day * DAY_MS + (Number(clock[1]) * 60 + Number(clock[2])) * MINUTE_MS;
  // The offset at the wall time read as UTC, then at the instant that first guess gives: two reads settle it.
  const firstGuess = asUtc - londonOffsetMinutes(asUtc) * MINUTE_MS;
  return asUtc - londonOffsetMinutes(firstGuess) * MINUTE_MS;
}

/** The instant the London date after the one holding `instant` begins: when "today" rolls over. */
export function nextLondonMidnight(instant: Date | number): number {
  return londonInstant(addDays(londonDateOf(instant), 1));
}

// ---- London dates: calendar days, counted on UTC midnights ----

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date, or null when it is not a real calendar date ('2026-02-30'). */
export function dayNumberOf(date: string): number | null {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = utcMs(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

// Day numbers to their text, kept: toISOString was a quarter of the slots' time (issue 23), and a process reads the
// same few hundred days again and again. Bounded like zoneByHour.
const dateByDayNumber = new Map<number, string>();
const MAX_CACHED_DAYS = 20_000;

/** The 'YYYY-MM-DD' date of a day number. */
export function dateOfDayNumber(dayNumber: number): string {
  let date = dateByDayNumber.get(dayNumber);
  if (date === undefined) {
    date = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
    if (dateByDayNumber.size >= MAX_CACHED_DAYS) dateByDayNumber.clear();
    dateByDayNumber.set(dayNumber, date);
  }
  return date;
}

/** Whether a value is a real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && dayNumberOf(value) !== null;
}

function dayNumberOrThrow(date: string): number {
  const day = dayNumberOf(date);
  if (day === null) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return day;
}

/** The date `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumberOrThrow(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumberOrThrow(to) - dayNumberOrThrow(from);
}

/** Every date from `from` to `to`, both included (none when `to` is earlier). */
export function datesBetween(from: string, to: string): string[] {
  const first = dayNumberOrThrow(from);
  return Array.from({ length: Math.max(0, dayNumberOrThrow(to) - first + 1) }, (_, index) => dateOfDayNumber(first + index));
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(dayNumberOrThrow(date) * DAY_MS).getUTCDay();
}

/** The Monday on or before a date: the first day of its week. */
export function mondayOf(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** The seven dates of the week holding `date`, Monday to Sunday. */
export function weekDates(date: string): string[] {
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The first date of the month holding `date`. */
export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The first date of the month `months` after the one holding `date`. */
export function addMonths(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return dateOfDayNumber(utcMs(year, month - 1 + months, 1) / DAY_MS);
}

// ---- Labels of London dates, en-GB. Each is written for the UTC midnight that stands for the date. ----

type LabelStyle = 'long' | 'full' | 'medium' | 'short' | 'weekday' | 'month';
const labelOptions: Record<LabelStyle, Intl.DateTimeFormatOptions> = {
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  full: { day: 'numeric', month: 'long', year: 'numeric' },
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  short: { day: 'numeric', month: 'short' },
  weekday: { weekday: 'short' },
  month: { month: 'long', year: 'numeric' },
};
const labelFormats: Partial<Record<LabelStyle, Intl.DateTimeFormat>> = {};

function dateLabel(date: string, style: LabelStyle): string {
  const format = (labelFormats[style] ??= new Intl.DateTimeFormat('en-GB', { ...labelOptions[style], timeZone: 'UTC' }));
  return format.format(dayNumberOrThrow(date) * DAY_MS);
}

/** 'Monday, 23 November 2026' */
export const longDateLabel = (date: string) => dateLabel(date, 'long');
/** '23 November 2026' */
export const fullDateLabel = (date: string) => dateLabel(date, 'full');
/** '23 Nov 2026' */
export const mediumDateLabel = (date: string) => dateLabel(date, 'medium');
/** '23 Nov' */
export const shortDateLabel = (date: string) => dateLabel(date, 'short');
/** 'Mon' */
export const weekdayLabel = (date: string) => dateLabel(date, 'weekday');
/** 'November 2026', of the month holding `date`. */
export const monthLabel = (date: string) => dateLabel(date, 'month');
