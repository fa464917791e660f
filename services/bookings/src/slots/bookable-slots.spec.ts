import { AVAILABILITY_SLOTS, BOOKING_RULES, datesBetween, instantIn, londonWallClock, wallClockIn } from '@hunted/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookableSlots, type SlotQuery } from './bookable-slots.js';

const rules = { gridMinutes: 30, minNoticeMinutes: BOOKING_RULES.minNoticeMinutes, maxDaysAhead: 365 };
const allHours = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

function query(overrides: Partial<SlotQuery> & Pick<SlotQuery, 'from'>): SlotQuery {
  return {
    timeZone: 'Europe/London',
    to: overrides.from,
    durationMinutes: 30,
    open: true,
    offeredHours: () => ['09:00', '10:00'],
    busy: [],
    now: new Date('2026-01-01T00:00:00Z'),
    rules,
    ...overrides,
  };
}

const times = (q: SlotQuery) => bookableSlots(q).map((day) => day.slots.map((slot) => slot.time));
const starts = (q: SlotQuery) => bookableSlots(q).flatMap((day) => day.slots.map((slot) => slot.startsAt));

describe('bookableSlots', () => {
  it('starts on the 30-minute grid where the whole session fits in offered hours; consecutive hours join', () => {
    expect(times(query({ from: '2026-06-10', durationMinutes: 60 }))).toEqual([['09:00', '09:30', '10:00']]);
    expect(times(query({ from: '2026-06-10', durationMinutes: 60, offeredHours: () => ['09:00', '11:00'] }))).toEqual([
      ['09:00', '11:00'],
    ]);
    expect(times(query({ from: '2026-06-10', durationMinutes: 90, offeredHours: () => ['09:00', '11:00'] }))).toEqual([
      [],
    ]);
    // 20:00 is the last offered hour: a 30-minute session may start at 20:30, a 60-minute one not.
    expect(
      times(query({ from: '2026-06-10', durationMinutes: 60, offeredHours: () => [...AVAILABILITY_SLOTS] }))[0]!.at(-1),
    ).toBe('20:00');
    expect(times(query({ from: '2026-06-10', offeredHours: () => [...AVAILABILITY_SLOTS] }))[0]!.at(-1)).toBe('20:30');
  });

  it('leaves out exactly the starts whose session meets a busy range, whatever the ranges (overlapping, unsorted)', () => {
    const dayStart = Date.parse('2026-06-10T00:00:00Z');
    const range = fc
      .tuple(fc.integer({ min: -120, max: 3 * 24 * 60 }), fc.integer({ min: 1, max: 600 }))
      .map(([startMinute, minutes]) => ({
        startsAt: new Date(dayStart + startMinute * 60_000),
        endsAt: new Date(dayStart + (startMinute + minutes) * 60_000),
      }));
    fc.assert(
      fc.property(fc.array(range, { maxLength: 25 }), fc.constantFrom(30, 60, 90), (busy, durationMinutes) => {
        const base = query({ from: '2026-06-10', to: '2026-06-12', durationMinutes, offeredHours: () => allHours });
        const free = bookableSlots(base).flatMap((day) => day.slots);
        const expected = free.filter(
          (slot) => !busy.some((b) => b.startsAt < new Date(slot.endsAt) && new Date(slot.startsAt) < b.endsAt),
        );
        expect(bookableSlots({ ...base, busy }).flatMap((day) => day.slots)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('gives London instants: summer is UTC+1, winter UTC+0, whatever the process zone', () => {
    expect(bookableSlots(query({ from: '2026-06-10' }))[0]!.slots[0]).toEqual({
      time: '09:00',
      startsAt: '2026-06-10T08:00:00.000Z',
      endsAt: '2026-06-10T08:30:00.000Z',
    });
    expect(starts(query({ from: '2026-12-10' }))[0]).toBe('2026-12-10T09:00:00.000Z');
  });

  it('skips starts overlapping an active hold or booking, including unequal overlaps', () => {
    const busy = [{ startsAt: new Date('2026-06-10T08:30:00Z'), endsAt: new Date('2026-06-10T09:00:00Z') }];
    expect(times(query({ from: '2026-06-10', busy }))).toEqual([['09:00', '10:00', '10:30']]);
    // A 60-minute session at 09:00 collides with a 30-minute one at 09:30.
    expect(times(query({ from: '2026-06-10', durationMinutes: 60, busy }))).toEqual([['10:00']]);
  });

  it('needs 120 minutes of notice and stops 365 days ahead', () => {
    const now = new Date('2026-06-10T07:30:00Z'); // 08:30 in London
    expect(times(query({ from: '2026-06-10', now }))).toEqual([['10:30']]);
    const far = query({ from: '2027-06-10', now: new Date('2026-06-10T08:45:00Z') });
    expect(times(far)).toEqual([['09:00', '09:30']]);
    expect(times({ ...far, now: new Date('2026-06-10T07:45:00Z') })).toEqual([[]]);
  });

  it('gives every date of the range, empty for a closed hunter or type and for dates offering nothing', () => {
    const week = query({
      from: '2026-06-08',
      to: '2026-06-14',
      offeredHours: (date) => (date === '2026-06-09' ? ['09:00'] : []),
    });
    expect(bookableSlots(week).map((day) => day.date)).toEqual(datesBetween('2026-06-08', '2026-06-14'));
    expect(times(week)).toEqual([[], ['09:00', '09:30'], [], [], [], [], []]);
    expect(times({ ...week, open: false }).flat()).toEqual([]);
  });

  describe('clock changes', () => {
    it('29 Mar 2026: 01:00–01:59 does not exist, so no 01:30; a session may span the jump in real minutes', () => {
      const spring = query({ from: '2026-03-29', offeredHours: () => ['00:00', '01:00', '02:00'] });
      expect(times(spring)).toEqual([['00:00', '00:30', '02:00', '02:30']]);
      expect(starts(spring)).toEqual([
        '2026-03-29T00:00:00.000Z',
        '2026-03-29T00:30:00.000Z',
        '2026-03-29T01:00:00.000Z',
        '2026-03-29T01:30:00.000Z',
      ]);
      expect(times({ ...spring, durationMinutes: 60 })).toEqual([['00:00', '00:30', '02:00']]);
      expect(bookableSlots({ ...spring, offeredHours: () => allHours })[0]!.slots).toHaveLength(46);
    });

    it('25 Oct 2026: 01:00–01:59 happens twice and is offered once, at its first (BST) instants', () => {
      const autumn = query({ from: '2026-10-25', offeredHours: () => ['01:00'] });
      expect(bookableSlots(autumn)[0]!.slots).toEqual([
        { time: '01:00', startsAt: '2026-10-25T00:00:00.000Z', endsAt: '2026-10-25T00:30:00.000Z' },
        { time: '01:30', startsAt: '2026-10-25T00:30:00.000Z', endsAt: '2026-10-25T01:00:00.000Z' },
      ]);
      // The labels of the day are each offered once: 48 starts on a 25-hour day.
      const whole = bookableSlots({ ...autumn, offeredHours: () => allHours })[0]!.slots;
      expect(whole).toHaveLength(48);
      expect(new Set(whole.map((slot) => slot.time)).size).toBe(48);
      // The instant offered is the one a hold of that date and time names.
      for (const slot of whole) expect(Date.parse(slot.startsAt)).toBe(instantIn('Europe/London', '2026-10-25', slot.time));
      // Left out whatever the notice: when the first 01:30 is too soon, the second is not offered instead.
      const late = { ...autumn, now: new Date('2026-10-24T22:45:00Z') };
      expect(times(late)).toEqual([[]]);
      // A session still runs its real minutes across the change: 60 minutes from the first 01:30 end at 01:30 GMT.
      expect(bookableSlots({ ...autumn, durationMinutes: 60 })[0]!.slots).toEqual([
        { time: '01:00', startsAt: '2026-10-25T00:00:00.000Z', endsAt: '2026-10-25T01:00:00.000Z' },
        { time: '01:30', startsAt: '2026-10-25T00:30:00.000Z', endsAt: '2026-10-25T01:30:00.000Z' },
      ]);
    });

    it('the 2026 and 2027 change weeks keep 09:00 at 09:00 London on each side of the change', () => {
      const now = new Date('2026-01-01T00:00:00Z');
      const firstStart = (from: string, to: string) =>
        bookableSlots(query({ from, to, now: from < '2027' ? now : new Date('2027-01-01T00:00:00Z') })).map((day) => [
          day.date,
          day.slots[0]?.startsAt,
        ]);
      expect(firstStart('2026-03-28', '2026-03-29')).toEqual([
        ['2026-03-28', '2026-03-28T09:00:00.000Z'],
        ['2026-03-29', '2026-03-29T08:00:00.000Z'],
      ]);
      expect(firstStart('2026-10-24', '2026-10-25')).toEqual([
        ['2026-10-24', '2026-10-24T08:00:00.000Z'],
        ['2026-10-25', '2026-10-25T09:00:00.000Z'],
      ]);
      expect(firstStart('2027-03-27', '2027-03-28')).toEqual([
        ['2027-03-27', '2027-03-27T09:00:00.000Z'],
        ['2027-03-28', '2027-03-28T08:00:00.000Z'],
      ]);
      expect(firstStart('2027-10-30', '2027-10-31')).toEqual([
        ['2027-10-30', '2027-10-30T08:00:00.000Z'],
        ['2027-10-31', '2027-10-31T09:00:00.000Z'],
      ]);
    });

    it('28 Mar 2027 has no 01:30 and 31 Oct 2027 has one', () => {
      const now = new Date('2027-01-01T00:00:00Z');
      const night = (from: string) => times(query({ from, now, offeredHours: () => ['01:00'] }))[0];
      expect(night('2027-03-28')).toEqual([]);
      expect(night('2027-10-31')).toEqual(['01:00', '01:30']);
    });
  });

  it('reads the London clock of an instant', () => {
    expect(londonWallClock(new Date('2026-10-25T00:30:00Z'))).toMatchObject({ date: '2026-10-25', time: '01:30' });
    expect(londonWallClock(new Date('2026-10-25T01:30:00Z'))).toMatchObject({ date: '2026-10-25', time: '01:30' });
    expect(londonWallClock(new Date('2026-06-30T23:30:00Z'))).toMatchObject({ date: '2026-07-01', time: '00:30' });
  });
});

/** Each slot of a day as its instant and both zones' wall clocks: 'startsAt | hunter's date time | client's date time'. */
function bothClocks(q: SlotQuery, clientZone: string): string[] {
  return bookableSlots(q).flatMap((day) =>
    day.slots.map((slot) => {
      const hunter = wallClockIn(q.timeZone, Date.parse(slot.startsAt));
      const client = wallClockIn(clientZone, Date.parse(slot.startsAt));
      expect(hunter.time).toBe(slot.time);
      expect(hunter.date).toBe(day.date);
      return `${slot.startsAt.slice(0, 16)} | ${hunter.date} ${hunter.time} ${hunter.zone} | ${client.date} ${client.time} ${client.zone}`;
    }),
  );
}

describe("bookableSlots in the hunter's zone, read by a client in another", () => {
  const now = new Date('2027-01-01T00:00:00Z');
  const athens = (from: string, to: string, hours: string[]) =>
    query({ timeZone: 'Europe/Athens', from, to, now, offeredHours: () => hours });

  it('Athens and London change on the same days at the same instant (28 March, 31 October 2027): always two hours apart', () => {
    expect(bothClocks(athens('2027-03-27', '2027-03-29', ['10:00']), 'Europe/London')).toEqual([
      '2027-03-27T08:00 | 2027-03-27 10:00 EET | 2027-03-27 08:00 GMT',
      '2027-03-27T08:30 | 2027-03-27 10:30 EET | 2027-03-27 08:30 GMT',
      '2027-03-28T07:00 | 2027-03-28 10:00 EEST | 2027-03-28 08:00 BST',
      '2027-03-28T07:30 | 2027-03-28 10:30 EEST | 2027-03-28 08:30 BST',
      '2027-03-29T07:00 | 2027-03-29 10:00 EEST | 2027-03-29 08:00 BST',
      '2027-03-29T07:30 | 2027-03-29 10:30 EEST | 2027-03-29 08:30 BST',
    ]);
    expect(bothClocks(athens('2027-10-30', '2027-10-31', ['10:00']), 'Europe/London')).toEqual([
      '2027-10-30T07:00 | 2027-10-30 10:00 EEST | 2027-10-30 08:00 BST',
      '2027-10-30T07:30 | 2027-10-30 10:30 EEST | 2027-10-30 08:30 BST',
      '2027-10-31T08:00 | 2027-10-31 10:00 EET | 2027-10-31 08:00 GMT',
      '2027-10-31T08:30 | 2027-10-31 10:30 EET | 2027-10-31 08:30 GMT',
    ]);
  });

  it("skips Athens' missing 03:00–03:59 in spring and offers its repeated 03:00–03:59 once in autumn", () => {
    expect(bothClocks(athens('2027-03-28', '2027-03-28', ['02:00', '03:00', '04:00']), 'Europe/London')).toEqual([
      '2027-03-28T00:00 | 2027-03-28 02:00 EET | 2027-03-28 00:00 GMT',
      '2027-03-28T00:30 | 2027-03-28 02:30 EET | 2027-03-28 00:30 GMT',
      '2027-03-28T01:00 | 2027-03-28 04:00 EEST | 2027-03-28 02:00 BST',
      '2027-03-28T01:30 | 2027-03-28 04:30 EEST | 2027-03-28 02:30 BST',
    ]);
    // 03:00 EEST is 00:00Z; 03:00 EET again at 01:00Z, when London repeats its own 01:00.
    expect(bothClocks(athens('2027-10-31', '2027-10-31', ['03:00']), 'Europe/London')).toEqual([
      '2027-10-31T00:00 | 2027-10-31 03:00 EEST | 2027-10-31 01:00 BST',
      '2027-10-31T00:30 | 2027-10-31 03:30 EEST | 2027-10-31 01:30 BST',
    ]);
  });

  it('London and New York change on different days: five hours apart, then four for the weeks between, then five', () => {
    const newYork = (from: string, to: string) =>
      query({ timeZone: 'America/New_York', from, to, now, durationMinutes: 60, offeredHours: () => ['09:00'] });
    // New York springs forward on 14 March, London on 28 March.
    expect(bothClocks(newYork('2027-03-13', '2027-03-14'), 'Europe/London')).toEqual([
      '2027-03-13T14:00 | 2027-03-13 09:00 GMT-5 | 2027-03-13 14:00 GMT',
      '2027-03-14T13:00 | 2027-03-14 09:00 GMT-4 | 2027-03-14 13:00 GMT',
    ]);
    expect(bothClocks(newYork('2027-03-27', '2027-03-28'), 'Europe/London')).toEqual([
      '2027-03-27T13:00 | 2027-03-27 09:00 GMT-4 | 2027-03-27 13:00 GMT',
      '2027-03-28T13:00 | 2027-03-28 09:00 GMT-4 | 2027-03-28 14:00 BST',
    ]);
    // London falls back on 31 October, New York on 7 November.
    expect(bothClocks(newYork('2027-10-30', '2027-10-31'), 'Europe/London')).toEqual([
      '2027-10-30T13:00 | 2027-10-30 09:00 GMT-4 | 2027-10-30 14:00 BST',
      '2027-10-31T13:00 | 2027-10-31 09:00 GMT-4 | 2027-10-31 13:00 GMT',
    ]);
    expect(bothClocks(newYork('2027-11-06', '2027-11-07'), 'Europe/London')).toEqual([
      '2027-11-06T13:00 | 2027-11-06 09:00 GMT-4 | 2027-11-06 13:00 GMT',
      '2027-11-07T14:00 | 2027-11-07 09:00 GMT-5 | 2027-11-07 14:00 GMT',
    ]);
  });

  it("a London hunter's slots read from New York across both changes", () => {
    const london = query({ from: '2027-03-13', to: '2027-03-14', now, offeredHours: () => ['12:00'], durationMinutes: 60 });
    expect(bothClocks(london, 'America/New_York')).toEqual([
      '2027-03-13T12:00 | 2027-03-13 12:00 GMT | 2027-03-13 07:00 GMT-5',
      '2027-03-14T12:00 | 2027-03-14 12:00 GMT | 2027-03-14 08:00 GMT-4',
    ]);
    // New York's repeated 01:00–01:59 on 7 November is offered once; its missing 02:00–02:59 on 14 March never.
    const night = (from: string) =>
      times(query({ timeZone: 'America/New_York', from, now, offeredHours: () => ['01:00', '02:00'] }))[0];
    expect(night('2027-11-07')).toEqual(['01:00', '01:30', '02:00', '02:30']);
    expect(night('2027-03-14')).toEqual(['01:00', '01:30']);
  });

  it('a Madrid hunter offering 10:00–12:00 starts at 09:00Z in winter and 08:00Z in summer', () => {
    const madrid = (from: string) =>
      starts(query({ timeZone: 'Europe/Madrid', from, now, durationMinutes: 60, offeredHours: () => ['10:00', '11:00'] }));
    expect(madrid('2027-01-12')).toEqual(['2027-01-12T09:00:00.000Z', '2027-01-12T09:30:00.000Z', '2027-01-12T10:00:00.000Z']);
    expect(madrid('2027-06-08')).toEqual(['2027-06-08T08:00:00.000Z', '2027-06-08T08:30:00.000Z', '2027-06-08T09:00:00.000Z']);
  });

  it('gives the same slots for London through the zoned path as the grid of London instants', () => {
    // Every offered start of a London fortnight is its date and time read by instantIn, whichever day.
    const fortnight = query({ from: '2027-03-22', to: '2027-04-04', now, offeredHours: () => allHours });
    for (const day of bookableSlots(fortnight)) {
      for (const slot of day.slots) expect(Date.parse(slot.startsAt)).toBe(instantIn('Europe/London', day.date, slot.time));
    }
  });
});

describe('bookableSlots in any zone', () => {
  it("offers each label once a day, at the instant its date and time name on the hunter's clock, inside the offered hours", () => {
    const zones = ['Europe/London', 'Europe/Madrid', 'Europe/Athens', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'];
    const firstDay = Date.parse('2027-01-01T00:00:00Z') / 86_400_000;
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 364 }),
        fc.subarray(allHours, { minLength: 1 }),
        fc.constantFrom(30, 60, 90),
        (zone, dayOffset, hours, durationMinutes) => {
          const date = new Date((firstDay + dayOffset) * 86_400_000).toISOString().slice(0, 10);
          const now = new Date('2026-12-31T00:00:00Z');
          const [day] = bookableSlots(query({ timeZone: zone, from: date, now, durationMinutes, offeredHours: () => hours }));
          const labels = day!.slots.map((slot) => slot.time);
          expect(new Set(labels).size).toBe(labels.length);
          for (const slot of day!.slots) {
            const start = Date.parse(slot.startsAt);
            expect(start).toBe(instantIn(zone, date, slot.time));
            expect(Date.parse(slot.endsAt) - start).toBe(durationMinutes * 60_000);
            expect(wallClockIn(zone, start)).toMatchObject({ date, time: slot.time });
            expect(hours).toContain(`${slot.time.slice(0, 2)}:00`);
            const last = wallClockIn(zone, Date.parse(slot.endsAt) - 1);
            expect(last.date).toBe(date);
            expect(hours).toContain(`${String(last.hour).padStart(2, '0')}:00`);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
