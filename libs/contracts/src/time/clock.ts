import { tzOffset } from '@date-fns/tz';

/**
 * The one clock: the only place a time zone's rule is applied, for every service and the web app. Two kinds of
 * value meet here:
 * - instants (epoch milliseconds or a Date), read off any IANA zone's wall clock whatever the process's or
 *   browser's zone: a hunter's hours are in the hunter's zone, the site's day is London's (site-day.ts);
 * - calendar dates ('YYYY-MM-DD'), plain days. They are counted on UTC midnights, which no zone or clock change can
 *   shift, so adding days or finding a week never needs a zone.
 * Offsets come from @date-fns/tz (decision 0104): small enough for the web bundle, and it reads the runtime's own
 * zone data, so no rule table ships with the app.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
// An IANA name: 'UTC' or Area/Location ('Europe/Madrid', 'America/Argentina/Buenos_Aires'). Offsets such as
// '+01:00', which Intl also takes, are not zones: they have no clock changes and name no place.
const ZONE_NAME = /^(UTC|[A-Z][A-Za-z]+(\/[A-Za-z0-9][A-Za-z0-9_+-]*)+)$/;

const pad = (n: number) => String(n).padStart(2, '0');
/** Date.UTC, but years 0–99 stay themselves (Date.UTC reads them as 1900–1999). */
const utcMs = (year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(0).setUTCFullYear(year, monthIndex, day) + ((hour * 60 + minute) * 60 + second) * 1000;

const msOf = (instant: Date | number) => (typeof instant === 'number' ? instant : instant.getTime());

// ---- Zones ----

const knownZones = new Map<string, boolean>();

/** Whether a value is an IANA time zone name the runtime knows ('Europe/Paris'). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64 || !ZONE_NAME.test(value)) return false;
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 1_000) knownZones.set(value, known);
  }
  return known;
}

/** The zone the browser (or process) runs in, when it is one `isTimeZone` takes. */
export function runtimeTimeZone(): string | undefined {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : undefined;
}

/** Every IANA zone the runtime knows, sorted; Europe's first, as the marketplace's hunters mostly live there. */
export function supportedTimeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = all.filter(isTimeZone);
  return [
    ...zones.filter((zone) => zone.startsWith('Europe/')),
    ...zones.filter((zone) => !zone.startsWith('Europe/')),
  ];
}

interface ZoneReading {
  offsetMs: number;
  /** The zone's short name as en-GB writes it: 'GMT'/'BST', 'CET'/'CEST', 'EET'/'EEST', 'GMT-5'. */
  name: string;
}

// Formatters are made on first use, one per zone: a module that only counts dates never builds one.
const nameFormats = new Map<string, Intl.DateTimeFormat>();

function readZone(zone: string, instant: number): ZoneReading {
  let format = nameFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'short' });
    nameFormats.set(zone, format);
  }
  const offsetMinutes = tzOffset(zone, new Date(instant));
  if (Number.isNaN(offsetMinutes)) throw new RangeError(`Not a time zone: ${zone}`);
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? zone;
  return { offsetMs: Math.round(offsetMinutes * MINUTE_MS), name };
}

// A zone's offset changes on whole UTC hours in every zone the marketplace meets (01:00 UTC in the EU, 07:00 or
// 06:00 UTC in New York), so it is read once per zone and UTC hour: Intl costs microseconds and the slots read
// hundreds of instants per request. An hour whose two ends disagree is never cached (read at the instant itself).
// Bounded, so a long-running process does not grow it without end.
const readingsByZone = new Map<string, Map<number, ZoneReading>>();
const MAX_CACHED_HOURS = 50_000;
let cachedHours = 0;

function zoneAt(zone: string, instant: number): ZoneReading {
  let byHour = readingsByZone.get(zone);
  if (!byHour) {
    if (!isTimeZone(zone)) throw new RangeError(`Not a time zone: ${zone}`);
    byHour = new Map();
    readingsByZone.set(zone, byHour);
  }
  const hour = Math.floor(instant / HOUR_MS);
  const cached = byHour.get(hour);
  if (cached) return cached;
  const first = readZone(zone, hour * HOUR_MS);
  const last = readZone(zone, hour * HOUR_MS + HOUR_MS - 1);
  if (first.offsetMs !== last.offsetMs || first.name !== last.name) return readZone(zone, instant);
  if (cachedHours >= MAX_CACHED_HOURS) {
    for (const hours of readingsByZone.values()) hours.clear();
    cachedHours = 0;
  }
  byHour.set(hour, first);
  cachedHours += 1;
  return first;
}

/** A zone's wall clock at an instant. */
export interface WallClock {
  /** The zone's date, 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:MM', 00:00 to 23:59. */
  time: string;
  hour: number;
  minute: number;
  /** Minutes the zone is ahead of UTC then: 0 (GMT) or 60 (BST) in London, 60 or 120 in Madrid, -300 in New York. */
  offsetMinutes: number;
  /** The zone's short name then, as en-GB writes it: 'GMT'/'BST', 'CET'/'CEST', 'EET'/'EEST', 'GMT-5'. */
  zone: string;
}

/** 'HH:MM' of each minute of a day, made once: the slots label hundreds of starts per request. */
const TIME_LABELS = Array.from({ length: 24 * 60 }, (_, m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`);

/** 'HH:MM' of a minute of the day (0–1439). */
export const timeOfMinute = (minuteOfDay: number): string => TIME_LABELS[minuteOfDay]!;

/**
 * Milliseconds a zone is ahead of UTC at an instant (the instant plus it is the wall clock written as UTC). The
 * allocation-free read for hot loops (the slots); `wallClockIn` is the one to use elsewhere.
 */
export function offsetMsIn(zone: string, instant: number): number {
  return zoneAt(zone, instant).offsetMs;
}

/**
 * A reader of one zone's offset (ms) at instants, for hot loops: `offsetMsIn` without looking the zone up each time
 * (the slots read it for every grid start of a request). Same cache, same answers.
 */
export function offsetReaderIn(zone: string): (instant: number) => number {
  zoneAt(zone, 0);
  const byHour = readingsByZone.get(zone)!;
  return (instant) => (byHour.get(Math.floor(instant / HOUR_MS)) ?? zoneAt(zone, instant)).offsetMs;
}

/** A zone's wall clock read off an instant. */
export function wallClockIn(zone: string, instant: Date | number): WallClock {
  const ms = msOf(instant);
  const { offsetMs, name } = zoneAt(zone, ms);
  const wallMs = ms + offsetMs;
  const day = Math.floor(wallMs / DAY_MS);
  const minuteOfDay = Math.floor((wallMs - day * DAY_MS) / MINUTE_MS);
  return {
    date: dateOfDayNumber(day),
    time: TIME_LABELS[minuteOfDay]!,
    hour: Math.floor(minuteOfDay / 60),
    minute: minuteOfDay % 60,
    offsetMinutes: Math.round(offsetMs / MINUTE_MS),
    zone: name,
  };
}

/** The place a zone is named after: 'Madrid' of 'Europe/Madrid', 'Buenos Aires' of 'America/Argentina/Buenos_Aires'. */
export function placeOfZone(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/** The zone's date ('YYYY-MM-DD') of an instant: "today" there at `now`. */
export function dateIn(zone: string, instant: Date | number): string {
  return wallClockIn(zone, instant).date;
}

/** Minutes a zone is ahead of UTC at an instant. */
export function offsetMinutesIn(zone: string, instant: Date | number): number {
  return wallClockIn(zone, instant).offsetMinutes;
}

/** A zone's offset at an instant as the booking pages write it: 'GMT +1:00', 'GMT +0:00', 'GMT -5:00'. */
export function offsetLabelIn(zone: string, instant: Date | number): string {
  const offset = offsetMinutesIn(zone, instant);
  const size = Math.abs(offset);
  return `GMT ${offset < 0 ? '-' : '+'}${Math.floor(size / 60)}:${pad(size % 60)}`;
}

/** Whether `time` on `date` is read by the zone's clock exactly at `instant`: false for a time a clock change skips. */
function readsAs(zone: string, instant: number, asUtc: number): boolean {
  return instant + offsetMsIn(zone, instant) === asUtc;
}

/**
 * The instant the zone's clock reads `time` ('HH:MM', midnight when left out) on `date`. For a time a spring change
 * skips (01:30 on London's last Sunday of March) the time is read with the offset before the change, so 01:30 is the
 * instant the clock shows 02:30 BST (`wallTimeExists` tells such times apart). For a time that happens twice in
 * autumn it is the first one, still on summer time: the slots offer such an hour once, at its first instant, and a
 * hold or a booking for that date and time must name the same instant.
 */
export function instantIn(zone: string, date: string, time = '00:00'): number {
  const day = dayNumberOf(date);
  const clock = WALL_TIME.exec(time);
  if (day === null || !clock) throw new RangeError(`Not a date and time: ${date} ${time}`);
  const asUtc = day * DAY_MS + (Number(clock[1]) * 60 + Number(clock[2])) * MINUTE_MS;
  // A zone changes its offset at most once in a day on either side, so the offsets a day before and a day after
  // give every instant the wall time can be.
  const before = asUtc - offsetMsIn(zone, asUtc - DAY_MS);
  const after = asUtc - offsetMsIn(zone, asUtc + DAY_MS);
  const beforeReads = readsAs(zone, before, asUtc);
  const afterReads = readsAs(zone, after, asUtc);
  if (beforeReads && afterReads) return Math.min(before, after);
  if (afterReads) return after;
  return before;
}

/** Whether the zone's clock shows `time` on `date` at all (false for times a spring change skips). */
export function wallTimeExists(zone: string, date: string, time: string): boolean {
  const clock = wallClockIn(zone, instantIn(zone, date, time));
  return clock.date === date && clock.time === time;
}

/** The instant the zone's date after the one holding `instant` begins: when "today" rolls over there. */
export function nextMidnightIn(zone: string, instant: Date | number): number {
  return instantIn(zone, addDays(dateIn(zone, instant), 1));
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

// ---- Labels of instants in a zone, for pages and emails ----

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant written by `Intl.DateTimeFormat` in a zone and locale: the one door for pages and emails that want a
 * locale's own wording ('lun. 30 mars, 10:00'). The zone is always given, never the runtime's.
 */
export function formatInstantIn(
  zone: string,
  instant: Date | number,
  locale = 'en-GB',
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'> = {},
): string {
  if (!isTimeZone(zone)) throw new RangeError(`Not a time zone: ${zone}`);
  const key = `${zone}|${locale}|${JSON.stringify(options)}`;
  let format = instantFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    if (instantFormats.size >= 500) instantFormats.clear();
    instantFormats.set(key, format);
  }
  return format.format(msOf(instant));
}

/** 'Monday, 30 March 2026': the date of an instant on a zone's clock, as the emails and pages write a day. */
export function dateLabelIn(zone: string, instant: Date | number): string {
  return longDateLabel(dateIn(zone, instant));
}

/** '09:00 BST', '10:00 CEST': the time of an instant on a zone's clock with the zone's short name then. */
export function timeLabelIn(zone: string, instant: Date | number): string {
  const { time, zone: name } = wallClockIn(zone, instant);
  return `${time} ${name}`;
}

/**
 * A session's span on a zone's clock, 'Monday, 30 March 2026, 09:00–10:00 BST'; a span across a clock change names
 * both zones ('01:30 BST–01:30 GMT').
 */
export function spanLabelIn(zone: string, startsAt: Date | number, endsAt: Date | number): string {
  const start = wallClockIn(zone, startsAt);
  const end = wallClockIn(zone, endsAt);
  const times =
    start.zone === end.zone
      ? `${start.time}–${end.time} ${start.zone}`
      : `${start.time} ${start.zone}–${end.time} ${end.zone}`;
  return `${longDateLabel(start.date)}, ${times}`;
}

// ---- Calendar dates, counted on UTC midnights ----

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
// same few hundred days again and again. Bounded like the zone readings.
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
  return Array.from({ length: Math.max(0, dayNumberOrThrow(to) - first + 1) }, (_, index) =>
    dateOfDayNumber(first + index),
  );
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

// ---- Labels of calendar dates, en-GB. Each is written for the UTC midnight that stands for the date. ----

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
  const format = (labelFormats[style] ??= new Intl.DateTimeFormat('en-GB', {
    ...labelOptions[style],
    timeZone: 'UTC',
  }));
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
