import { AVAILABILITY_SLOTS, BOOKING_RULES, datesBetween, londonWallClock } from '@hunted/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookableSlots, type SlotQuery } from './bookable-slots.js';

const rules = { gridMinutes: 30, minNoticeMinutes: BOOKING_RULES.minNoticeMinutes, maxDaysAhead: 365 };
const allHours = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

function query(overrides: Partial<SlotQuery> & Pick<SlotQuery, 'from'>): SlotQuery {
  return {
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

    it('25 Oct 2026: 01:30 happens twice, as two slots an hour apart', () => {
      const autumn = query({ from: '2026-10-25', offeredHours: () => ['01:00'] });
      expect(bookableSlots(autumn)[0]!.slots).toEqual([
        { time: '01:00', startsAt: '2026-10-25T00:00:00.000Z', endsAt: '2026-10-25T00:30:00.000Z' },
        { time: '01:30', startsAt: '2026-10-25T00:30:00.000Z', endsAt: '2026-10-25T01:00:00.000Z' },
        { time: '01:00', startsAt: '2026-10-25T01:00:00.000Z', endsAt: '2026-10-25T01:30:00.000Z' },
        { time: '01:30', startsAt: '2026-10-25T01:30:00.000Z', endsAt: '2026-10-25T02:00:00.000Z' },
      ]);
      expect(bookableSlots({ ...autumn, offeredHours: () => allHours })[0]!.slots).toHaveLength(50);
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

    it('28 Mar 2027 has no 01:30 and 31 Oct 2027 has two', () => {
      const now = new Date('2027-01-01T00:00:00Z');
      const night = (from: string) => times(query({ from, now, offeredHours: () => ['01:00'] }))[0];
      expect(night('2027-03-28')).toEqual([]);
      expect(night('2027-10-31')).toEqual(['01:00', '01:30', '01:00', '01:30']);
    });
  });

  it('reads the London clock of an instant', () => {
    expect(londonWallClock(new Date('2026-10-25T00:30:00Z'))).toMatchObject({ date: '2026-10-25', time: '01:30' });
    expect(londonWallClock(new Date('2026-10-25T01:30:00Z'))).toMatchObject({ date: '2026-10-25', time: '01:30' });
    expect(londonWallClock(new Date('2026-06-30T23:30:00Z'))).toMatchObject({ date: '2026-07-01', time: '00:30' });
  });
});
