import { describe, expect, it } from 'vitest';
import { movedSessions, zoneMovedToast, zoneMoveNotice, type ZoneMoveBooking } from './zone-move';

const now = Date.parse('2026-12-07T12:00:00Z');
const booking = (startsAt: string, status: ZoneMoveBooking['status'] = 'confirmed'): ZoneMoveBooking => ({
  startsAt,
  status,
});

describe('movedSessions', () => {
  it('lists the sessions ahead at their old and new local times, soonest first', () => {
    const moved = movedSessions(
      [booking('2026-12-10T15:00:00Z'), booking('2026-12-08T10:00:00Z', 'pending_payment')],
      'Europe/London',
      'Europe/Athens',
      now,
    );
    expect(moved).toEqual([
      { startsAt: '2026-12-08T10:00:00Z', oldLabel: 'Tue 8 Dec 10:00', newLabel: '12:00' },
      { startsAt: '2026-12-10T15:00:00Z', oldLabel: 'Thu 10 Dec 15:00', newLabel: '17:00' },
    ]);
  });

  it('leaves out cancelled, expired and completed sessions, and those already started', () => {
    const moved = movedSessions(
      [
        booking('2026-12-08T10:00:00Z', 'cancelled'),
        booking('2026-12-08T11:00:00Z', 'expired'),
        booking('2026-12-08T12:00:00Z', 'completed'),
        booking('2026-12-07T11:00:00Z'),
        booking('2026-12-07T12:00:00Z'),
        booking('2026-12-09T09:00:00Z'),
      ],
      'Europe/London',
      'Europe/Paris',
      now,
    );
    expect(moved.map((session) => session.startsAt)).toEqual(['2026-12-09T09:00:00Z']);
  });

  it('names the new date when the move crosses midnight, either way', () => {
    expect(movedSessions([booking('2026-12-08T23:30:00Z')], 'Europe/London', 'Europe/Athens', now)).toEqual([
      { startsAt: '2026-12-08T23:30:00Z', oldLabel: 'Tue 8 Dec 23:30', newLabel: 'Wed 9 Dec 01:30' },
    ]);
    expect(movedSessions([booking('2026-12-09T01:00:00Z')], 'Europe/Athens', 'America/New_York', now)).toEqual([
      { startsAt: '2026-12-09T01:00:00Z', oldLabel: 'Wed 9 Dec 03:00', newLabel: 'Tue 8 Dec 20:00' },
    ]);
  });

  it("reads each session on the zones' clocks at its own date (summer time)", () => {
    expect(movedSessions([booking('2027-07-06T09:00:00Z')], 'Europe/London', 'America/New_York', now)).toEqual([
      { startsAt: '2027-07-06T09:00:00Z', oldLabel: 'Tue 6 Jul 10:00', newLabel: '05:00' },
    ]);
  });

  it('moves nothing when the zone stays, or when the two clocks read alike', () => {
    const ahead = [booking('2026-12-08T10:00:00Z'), booking('2027-07-06T09:00:00Z')];
    expect(movedSessions(ahead, 'Europe/London', 'Europe/London', now)).toEqual([]);
    expect(movedSessions(ahead, 'Europe/Paris', 'Europe/Madrid', now)).toEqual([]);
    expect(movedSessions([], 'Europe/London', 'Europe/Athens', now)).toEqual([]);
  });
});

describe("the notice's and the toast's words", () => {
  const moved = movedSessions(
    [
      '2026-12-08T10:00:00Z',
      '2026-12-09T10:00:00Z',
      '2026-12-10T10:00:00Z',
      '2026-12-11T10:00:00Z',
      '2026-12-12T10:00:00Z',
    ].map((startsAt) => booking(startsAt)),
    'Europe/London',
    'Europe/Athens',
    now,
  );

  it('lists the first three and says how many more', () => {
    expect(zoneMoveNotice(moved, 'Europe/Athens')).toBe(
      '5 upcoming sessions stay at the same moment for your clients. In Europe/Athens they will show at new local ' +
        'times: Tue 8 Dec 10:00 → 12:00, Wed 9 Dec 10:00 → 12:00, Thu 10 Dec 10:00 → 12:00, and 2 more.',
    );
    expect(zoneMoveNotice(moved.slice(0, 3), 'Europe/Athens')).not.toContain('more');
  });

  it('speaks of one session in the singular, and writes the zone as a person reads it', () => {
    const one = movedSessions([booking('2026-12-08T15:00:00Z')], 'Europe/London', 'America/New_York', now);
    expect(zoneMoveNotice(one, 'America/New_York')).toBe(
      '1 upcoming session stays at the same moment for your clients. In America/New York it will show at a new ' +
        'local time: Tue 8 Dec 15:00 → 10:00.',
    );
    expect(zoneMovedToast(1, 'America/New_York')).toBe(
      "1 upcoming session now shows at a new local time (America/New York). Your clients' times are unchanged.",
    );
  });

  it('says after the save how many now show at new local times', () => {
    expect(zoneMovedToast(5, 'Europe/Athens')).toBe(
      "5 upcoming sessions now show at new local times (Europe/Athens). Your clients' times are unchanged.",
    );
  });
});
