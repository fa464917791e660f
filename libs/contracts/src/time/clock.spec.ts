import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dateIn,
  dateLabelIn,
  dateOfDayNumber,
  formatInstantIn,
  instantIn,
  isTimeZone,
  nextMidnightIn,
  offsetLabelIn,
  spanLabelIn,
  supportedTimeZones,
  timeLabelIn,
  wallClockIn,
  wallTimeExists,
  datesBetween,
  dayNumberOf,
  dayOfWeek,
  daysBetween,
  isCalendarDate,
  isoInstant,
  fullDateLabel,
  longDateLabel,
  mondayOf,
  monthLabel,
  shortDateLabel,
  weekDates,
  weekdayLabel,
} from './clock.js';
import {
  londonDateOf,
  londonInstant,
  londonOffsetLabel,
  londonOffsetMinutes,
  londonWallClock,
  nextLondonMidnight,
} from './site-day.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => Date.parse(iso);

// The four clock changes the property tests cover: forward at 01:00 UTC on the last Sunday of March, back at
// 01:00 UTC on the last Sunday of October.
const SPRING = [at('2026-03-29T01:00:00Z'), at('2027-03-28T01:00:00Z')];
const AUTUMN = [at('2026-10-25T01:00:00Z'), at('2027-10-31T01:00:00Z')];
const CHANGES = [...SPRING, ...AUTUMN];
const FIRST = at('2026-01-01T00:00:00Z');
const LAST = at('2027-12-31T23:59:00Z');

/** BST is in force from a spring change to the next autumn one. */
const expectedOffset = (instant: number) =>
  (instant >= SPRING[0]! && instant < AUTUMN[0]!) || (instant >= SPRING[1]! && instant < AUTUMN[1]!) ? 60 : 0;

// Whole minutes over both years, half of them within six hours of a clock change, where the rules bite.
const minuteInstant = fc.oneof(
  fc.integer({ min: FIRST / MINUTE, max: LAST / MINUTE }).map((minute) => minute * MINUTE),
  fc
    .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -6 * 60, max: 6 * 60 }))
    .map(([change, minutes]) => change + minutes * MINUTE),
);
const anyInstant = fc.integer({ min: FIRST - 12 * HOUR, max: LAST + 12 * HOUR });
const firstDay = dayNumberOf('2026-01-01')!;
const lastDay = dayNumberOf('2027-12-31')!;
const londonDate = fc.oneof(
  fc.integer({ min: firstDay, max: lastDay }).map(dateOfDayNumber),
  fc.constantFrom('2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31'),
);
const wallTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
const SKIPPED_DATES = new Set(['2026-03-29', '2027-03-28']);
const inSkippedHour = (date: string, time: string) => SKIPPED_DATES.has(date) && time.startsWith('01:');

// The clock must never read the process's zone: run everything far from London, where local dates differ.
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Kiritimati';
});
afterAll(() => {
  process.env.TZ = zoneBefore;
});

describe('the London clock across the 2026 and 2027 clock changes', () => {
  it('reads GMT (+0) in winter and BST (+1) in summer, switching at 01:00 UTC', () => {
    fc.assert(
      fc.property(anyInstant, (instant) => {
        const clock = londonWallClock(instant);
        const offset = expectedOffset(instant);
        expect(clock.offsetMinutes).toBe(offset);
        expect(londonOffsetMinutes(instant)).toBe(offset);
        expect(clock.zone).toBe(offset === 60 ? 'BST' : 'GMT');
        expect(londonOffsetLabel(instant)).toBe(offset === 60 ? 'GMT +1:00' : 'GMT +0:00');
      }),
    );
  });

  it("reads the wall clock as the instant plus London's offset", () => {
    fc.assert(
      fc.property(anyInstant, (instant) => {
        const clock = londonWallClock(instant);
        const shifted = new Date(instant + expectedOffset(instant) * MINUTE).toISOString();
        expect(`${clock.date}T${clock.time}`).toBe(shifted.slice(0, 16));
        expect(clock.hour).toBe(Number(shifted.slice(11, 13)));
        expect(clock.minute).toBe(Number(shifted.slice(14, 16)));
        expect(londonDateOf(instant)).toBe(clock.date);
        expect(londonDateOf(new Date(instant))).toBe(clock.date);
      }),
    );
  });

  it("agrees with Intl's own reading of London from 1970 to 2100, in any order of reads", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: at('2100-01-01T00:00:00Z') }), (instant) => {
        const part = (type: string) => intl.formatToParts(instant).find((p) => p.type === type)!.value;
        const clock = londonWallClock(instant);
        expect(clock.date).toBe(`${part('year')}-${part('month')}-${part('day')}`);
        expect(clock.time).toBe(`${part('hour')}:${part('minute')}`);
        expect(clock.zone).toBe(part('timeZoneName'));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes an instant exactly as toISOString does, to the millisecond, before and after 1970', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 }), (instant) => {
        expect(isoInstant(instant)).toBe(new Date(instant).toISOString());
      }),
      { numRuns: 5_000 },
    );
  });

  it('round-trips an instant through its wall clock, the second of a repeated hour coming back as the first', () => {
    fc.assert(
      fc.property(minuteInstant, (instant) => {
        const { date, time } = londonWallClock(instant);
        const back = londonInstant(date, time);
        const secondOfRepeated = AUTUMN.some((change) => instant >= change && instant < change + HOUR);
        expect(back).toBe(secondOfRepeated ? instant - HOUR : instant);
      }),
    );
  });

  it('round-trips a London date and time, a skipped time moving on by the hour the clocks skip', () => {
    fc.assert(
      fc.property(londonDate, wallTime, (date, time) => {
        const clock = londonWallClock(londonInstant(date, time));
        expect(clock.date).toBe(date);
        if (inSkippedHour(date, time)) expect(clock.time).toBe(`02:${time.slice(3)}`);
        else expect(clock.time).toBe(time);
      }),
    );
  });

  it('round-trips a date through its midnight, which London has exactly once every day', () => {
    fc.assert(
      fc.property(londonDate, (date) => {
        const midnight = londonInstant(date);
        expect(londonInstant(date, '00:00')).toBe(midnight);
        expect(londonWallClock(midnight)).toMatchObject({ date, time: '00:00' });
        expect(londonDateOf(midnight - 1)).toBe(addDays(date, -1));
        expect(nextLondonMidnight(midnight - 1)).toBe(midnight);
      }),
    );
  });

  it('keeps order: later instants never have earlier dates, later wall times that exist are later instants', () => {
    fc.assert(
      fc.property(anyInstant, anyInstant, (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(londonDateOf(early) <= londonDateOf(late)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(londonDate, wallTime, londonDate, wallTime, (dateA, timeA, dateB, timeB) => {
        fc.pre(!inSkippedHour(dateA, timeA) && !inSkippedHour(dateB, timeB));
        const [a, b] = [`${dateA} ${timeA}`, `${dateB} ${timeB}`];
        const order = Math.sign(londonInstant(dateA, timeA) - londonInstant(dateB, timeB));
        expect(order).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });

  it('has 23-hour days in spring, 25-hour days in autumn and 24-hour days otherwise', () => {
    const lengths = new Map<string, number>();
    for (const date of datesBetween('2026-01-01', '2027-12-31')) {
      const hours = (londonInstant(addDays(date, 1)) - londonInstant(date)) / HOUR;
      if (hours !== 24) lengths.set(date, hours);
    }
    expect(Object.fromEntries(lengths)).toEqual({ '2026-03-29': 23, '2026-10-25': 25, '2027-03-28': 23, '2027-10-31': 25 });
  });

  it('reads a skipped time with the offset before the change and a repeated time as its first, BST, occurrence', () => {
    expect(new Date(londonInstant('2026-03-29', '01:30')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(londonInstant('2026-03-29', '02:00')).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(londonInstant('2027-03-28', '01:00')).toISOString()).toBe('2027-03-28T01:00:00.000Z');
    expect(new Date(londonInstant('2026-10-25', '00:59')).toISOString()).toBe('2026-10-24T23:59:00.000Z');
    expect(new Date(londonInstant('2026-10-25', '01:30')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(new Date(londonInstant('2027-10-31', '01:00')).toISOString()).toBe('2027-10-31T00:00:00.000Z');
    expect(new Date(londonInstant('2027-10-31', '02:00')).toISOString()).toBe('2027-10-31T02:00:00.000Z');
  });

  it('refuses what is not a London date and time', () => {
    expect(() => londonInstant('2026-02-30')).toThrow(RangeError);
    expect(() => londonInstant('2026-06-10', '24:00')).toThrow(RangeError);
    expect(() => londonInstant('10/06/2026', '09:00')).toThrow(RangeError);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
  });
});

describe('London dates as calendar days', () => {
  it('adds and counts days, whole weeks keeping the weekday', () => {
    fc.assert(
      fc.property(londonDate, fc.integer({ min: -800, max: 800 }), (date, days) => {
        const later = addDays(date, days);
        expect(addDays(later, -days)).toBe(date);
        expect(daysBetween(date, later)).toBe(days);
        expect(dayOfWeek(addDays(date, 7 * Math.trunc(days / 7)))).toBe(dayOfWeek(date));
        const between = datesBetween(date, later);
        expect(between.length).toBe(Math.max(0, days + 1));
        if (days >= 0) expect([between[0], between.at(-1)]).toEqual([date, later]);
      }),
    );
  });

  it("puts every date in one Monday-to-Sunday week, the web's week view", () => {
    fc.assert(
      fc.property(londonDate, (date) => {
        const week = weekDates(date);
        expect(week).toHaveLength(7);
        expect(week[0]).toBe(mondayOf(date));
        expect(dayOfWeek(week[0]!)).toBe(1);
        expect(dayOfWeek(week[6]!)).toBe(0);
        expect(week).toContain(date);
        expect(week).toEqual(datesBetween(week[0]!, week[6]!));
        expect(weekDates(week[3]!)).toEqual(week);
      }),
    );
    // The weeks of the clock changes are ordinary seven-day weeks.
    expect(weekDates('2026-03-29')).toEqual(datesBetween('2026-03-23', '2026-03-29'));
    expect(weekDates('2027-10-31')).toEqual(datesBetween('2027-10-25', '2027-10-31'));
  });

  it('knows real dates and months', () => {
    expect(['2026-02-28', '2028-02-29'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-04-31', '2026-1-01', '', 20260101, null].map(isCalendarDate)).toEqual(
      Array(6).fill(false),
    );
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-01');
  });

  it('writes dates in en-GB, never shifted by a zone', () => {
    expect(longDateLabel('2026-11-23')).toBe('Monday, 23 November 2026');
    expect(fullDateLabel('2026-12-03')).toBe('3 December 2026');
    expect(shortDateLabel('2026-03-29')).toBe('29 Mar');
    expect(weekdayLabel('2026-10-25')).toBe('Sun');
    expect(monthLabel('2027-10-31')).toBe('October 2027');
  });
});

describe('the zoned clock in Madrid, Athens and New York', () => {
  const iso = (instant: number) => new Date(instant).toISOString();

  it('reads each zone by its own offset and short name, whatever the process runs in', () => {
    expect(wallClockIn('Europe/Madrid', at('2027-01-15T09:00:00Z'))).toMatchObject({
      date: '2027-01-15',
      time: '10:00',
      offsetMinutes: 60,
      zone: 'CET',
    });
    expect(wallClockIn('Europe/Madrid', at('2027-07-15T09:00:00Z'))).toMatchObject({ time: '11:00', offsetMinutes: 120, zone: 'CEST' });
    expect(wallClockIn('Europe/Athens', at('2027-01-15T22:30:00Z'))).toMatchObject({
      date: '2027-01-16',
      time: '00:30',
      offsetMinutes: 120,
      zone: 'EET',
    });
    expect(wallClockIn('Europe/Athens', at('2027-07-15T22:30:00Z'))).toMatchObject({ date: '2027-07-16', time: '01:30', zone: 'EEST' });
    expect(wallClockIn('America/New_York', at('2027-01-15T03:00:00Z'))).toMatchObject({
      date: '2027-01-14',
      time: '22:00',
      offsetMinutes: -300,
    });
    expect(dateIn('America/New_York', at('2027-07-15T03:00:00Z'))).toBe('2027-07-14');
    expect(offsetLabelIn('America/New_York', at('2027-07-15T03:00:00Z'))).toBe('GMT -4:00');
    expect(offsetLabelIn('Europe/Athens', at('2027-07-15T03:00:00Z'))).toBe('GMT +3:00');
  });

  it("agrees with Intl's own reading of each zone from 1970 to 2100", () => {
    for (const zone of ['Europe/Madrid', 'Europe/Athens', 'America/New_York']) {
      const intl = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      fc.assert(
        fc.property(fc.integer({ min: 0, max: at('2100-01-01T00:00:00Z') }), (instant) => {
          const part = (type: string) => intl.formatToParts(instant).find((p) => p.type === type)!.value;
          const clock = wallClockIn(zone, instant);
          expect(`${clock.date} ${clock.time}`).toBe(`${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`);
        }),
        { numRuns: 500 },
      );
    }
  });

  it('changes the EU zones at 01:00 UTC on the last Sundays, New York at 07:00 and 06:00 UTC on its own Sundays', () => {
    // Spring: 02:00 CET → 03:00 CEST in Madrid, 03:00 EET → 04:00 EEST in Athens, 02:00 EST → 03:00 EDT in New York.
    expect(instantIn('Europe/Madrid', '2027-03-28', '03:00')).toBe(at('2027-03-28T01:00:00Z'));
    expect(instantIn('Europe/Athens', '2027-03-28', '04:00')).toBe(at('2027-03-28T01:00:00Z'));
    expect(instantIn('America/New_York', '2027-03-14', '03:00')).toBe(at('2027-03-14T07:00:00Z'));
    // The skipped hour is read with the offset before the change and does not exist.
    expect(iso(instantIn('Europe/Madrid', '2027-03-28', '02:30'))).toBe('2027-03-28T01:30:00.000Z');
    expect(wallTimeExists('Europe/Madrid', '2027-03-28', '02:30')).toBe(false);
    expect(wallTimeExists('Europe/Athens', '2027-03-28', '03:30')).toBe(false);
    expect(wallTimeExists('America/New_York', '2027-03-14', '02:30')).toBe(false);
    expect(wallTimeExists('Europe/Madrid', '2027-03-28', '03:30')).toBe(true);
    // Autumn: the repeated hour is its first instant, still on summer time.
    expect(iso(instantIn('Europe/Madrid', '2027-10-31', '02:30'))).toBe('2027-10-31T00:30:00.000Z');
    expect(iso(instantIn('Europe/Athens', '2027-10-31', '03:30'))).toBe('2027-10-31T00:30:00.000Z');
    expect(iso(instantIn('America/New_York', '2027-11-07', '01:30'))).toBe('2027-11-07T05:30:00.000Z');
    expect(wallClockIn('America/New_York', at('2027-11-07T06:30:00Z'))).toMatchObject({ time: '01:30', offsetMinutes: -300 });
    // Days of 23 and 25 hours, each in its own zone.
    const hours = (zone: string, date: string) => (instantIn(zone, addDays(date, 1)) - instantIn(zone, date)) / HOUR;
    expect([hours('Europe/Athens', '2027-03-28'), hours('Europe/Athens', '2027-10-31')]).toEqual([23, 25]);
    expect([hours('America/New_York', '2027-03-14'), hours('America/New_York', '2027-11-07')]).toEqual([23, 25]);
    expect(hours('America/New_York', '2027-03-28')).toBe(24);
    expect(nextMidnightIn('Europe/Athens', at('2027-10-30T22:30:00Z'))).toBe(at('2027-10-31T22:00:00Z'));
  });

  it('round-trips every zone date and time that exists, in each zone', () => {
    for (const zone of ['Europe/Madrid', 'Europe/Athens', 'America/New_York']) {
      fc.assert(
        fc.property(londonDate, wallTime, (date, time) => {
          fc.pre(wallTimeExists(zone, date, time));
          expect(wallClockIn(zone, instantIn(zone, date, time))).toMatchObject({ date, time });
        }),
        { numRuns: 300 },
      );
    }
  });

  it('labels instants in a zone for pages and emails', () => {
    const start = at('2027-03-30T08:00:00Z');
    expect(timeLabelIn('Europe/Madrid', start)).toBe('10:00 CEST');
    expect(dateLabelIn('America/New_York', at('2027-03-30T02:00:00Z'))).toBe('Monday, 29 March 2027');
    expect(timeLabelIn('Europe/London', start)).toBe('09:00 BST');
    expect(spanLabelIn('Europe/Athens', start, start + HOUR)).toBe('Tuesday, 30 March 2027, 11:00–12:00 EEST');
    expect(spanLabelIn('Europe/London', at('2027-10-31T00:30:00Z'), at('2027-10-31T01:30:00Z'))).toBe(
      'Sunday, 31 October 2027, 01:30 BST–01:30 GMT',
    );
    expect(formatInstantIn('Europe/Paris', start, 'fr-FR', { hour: '2-digit', minute: '2-digit' })).toBe('10:00');
    expect(formatInstantIn('America/New_York', start, 'en-US', { hour: 'numeric', minute: '2-digit' })).toBe('4:00 AM');
  });

  it('knows IANA zones and refuses anything else', () => {
    expect(['Europe/Paris', 'Europe/London', 'America/Argentina/Buenos_Aires', 'UTC'].map(isTimeZone)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['Europe/Atlantis', 'europe/paris', '+01:00', 'GMT+1', '', 'Paris', 42, null].map(isTimeZone)).toEqual(
      Array(8).fill(false),
    );
    expect(() => wallClockIn('Mars/Olympus', 0)).toThrow(RangeError);
    expect(supportedTimeZones()[0]).toMatch(/^Europe\//);
    expect(supportedTimeZones()).toContain('America/New_York');
  });
});
