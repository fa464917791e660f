import { describe, expect, it } from 'vitest';
import type { BookingOutcome } from '@hunted/platform';
import { remindersFor, skipReason, type BookingToCheck } from './email-rules.js';

const START = new Date('2026-10-26T09:00:00Z');
const HOUR = 60 * 60 * 1000;
const at = (msBeforeStart: number) => new Date(START.getTime() - msBeforeStart);
const END_OF_SESSION = new Date(START.getTime() + HOUR);
const DAY = 24 * HOUR;
const REVIEWABLE_UNTIL = new Date(END_OF_SESSION.getTime() + 30 * DAY);
/** The outcome bookings publishes for a confirmed session: held from its end, reviewable for 30 days. */
const heldOutcome: BookingOutcome = {
  status: 'confirmed',
  heldFrom: END_OF_SESSION,
  noShow: false,
  reviewableUntil: REVIEWABLE_UNTIL,
  editableFrom: null,
  passportUntil: new Date(END_OF_SESSION.getTime() + 7 * DAY),
  reviewQualifies: true,
};
const cancelledOutcome: BookingOutcome = { ...heldOutcome, status: 'cancelled', heldFrom: null, reviewableUntil: null };
const noShowOutcome: BookingOutcome = { ...heldOutcome, heldFrom: null, noShow: true, reviewableUntil: null };
const confirmed: BookingToCheck = {
  status: 'confirmed',
  sequence: 0,
  startsAt: START,
  endsAt: END_OF_SESSION,
  outcome: heldOutcome,
};

describe('remindersFor', () => {
  it('plans both reminders for a booking days ahead, 24 h and 1 h before the start', () => {
    expect(remindersFor(START, at(72 * HOUR))).toEqual([
      { kind: 'reminder_24h', sendAt: new Date('2026-10-25T09:00:00Z') },
      { kind: 'reminder_1h', sendAt: new Date('2026-10-26T08:00:00Z') },
    ]);
  });

  it('plans only the 1 h reminder for a booking made 23 hours ahead', () => {
    expect(remindersFor(START, at(23 * HOUR)).map((r) => r.kind)).toEqual(['reminder_1h']);
  });

  it('plans none for a booking made 30 minutes before its start: nothing goes at once', () => {
    expect(remindersFor(START, at(HOUR / 2))).toEqual([]);
    expect(remindersFor(START, at(HOUR))).toEqual([]);
  });
});

describe('skipReason', () => {
  const reminder = { kind: 'reminder_1h' as const, sequence: 0, sendAt: at(HOUR) };

  it('sends a reminder on time for the booking it was planned for', () => {
    expect(skipReason(reminder, confirmed, at(HOUR))).toBeNull();
  });

  it('skips a reminder for a cancelled, completed, moved or unknown booking', () => {
    expect(skipReason(reminder, { ...confirmed, status: 'cancelled' }, at(HOUR))).toBe('booking cancelled');
    expect(skipReason(reminder, { ...confirmed, status: 'completed' }, at(HOUR))).toBe('booking completed');
    expect(
      skipReason(reminder, { ...confirmed, sequence: 1, startsAt: new Date(START.getTime() + 48 * HOUR) }, at(HOUR)),
    ).toBe('booking rescheduled');
    expect(skipReason(reminder, null, at(HOUR))).toBe('booking unknown');
  });

  it('skips a reminder run after the start or more than half its lead late', () => {
    expect(skipReason(reminder, confirmed, at(-60_000))).toBe('session already started');
    expect(skipReason(reminder, confirmed, at(HOUR / 2 - 1000))).toBe('too late to remind');
    expect(skipReason(reminder, confirmed, at(HOUR / 2 + 1000))).toBeNull();
    const dayAhead = { kind: 'reminder_24h' as const, sequence: 0, sendAt: at(24 * HOUR) };
    expect(skipReason(dayAhead, confirmed, at(11 * HOUR))).toBe('too late to remind');
  });

  it('skips an unsent confirmation a later change overtook, never a cancellation or refund', () => {
    const later = { ...confirmed, status: 'cancelled' as const, sequence: 1 };
    expect(skipReason({ kind: 'confirmation', sequence: 0, sendAt: at(72 * HOUR) }, later, at(70 * HOUR))).toBe(
      'superseded by a later change',
    );
    expect(
      skipReason({ kind: 'confirmation', sequence: 0, sendAt: at(72 * HOUR) }, confirmed, at(70 * HOUR)),
    ).toBeNull();
    expect(skipReason({ kind: 'cancellation', sequence: 1, sendAt: at(72 * HOUR) }, later, at(-HOUR))).toBeNull();
    expect(skipReason({ kind: 'refund', sequence: 1, sendAt: at(72 * HOUR) }, null, at(-HOUR))).toBeNull();
  });
});

describe('skipReason of a review request', () => {
  const END = new Date(START.getTime() + HOUR);
  const request = { kind: 'review_request' as const, sequence: 0, sendAt: END };
  const after = (ms: number) => new Date(END.getTime() + ms);

  it('goes two hours after the end on the clock of session rules, whatever the system clock says', () => {
    expect(skipReason(request, confirmed, at(72 * HOUR), after(2 * HOUR))).toBeNull();
    expect(skipReason(request, { ...confirmed, status: 'completed' }, at(72 * HOUR), after(3 * HOUR))).toBeNull();
    expect(skipReason(request, confirmed, at(72 * HOUR), after(2 * HOUR - 1))).toBe('session not over yet');
  });

  it('is dropped for a booking cancelled, marked a no-show or moved since it was written', () => {
    const late = after(3 * HOUR);
    expect(skipReason(request, { ...confirmed, status: 'cancelled', outcome: cancelledOutcome }, late, late)).toBe(
      'booking cancelled',
    );
    expect(skipReason(request, { ...confirmed, outcome: noShowOutcome }, late, late)).toBe('marked a no-show');
    expect(skipReason(request, { ...confirmed, sequence: 1 }, late, late)).toBe('booking rescheduled');
    expect(skipReason(request, null, late, late)).toBe('booking unknown');
  });

  it('goes for a no-show overturned by a refunded dispute: the outcome says held, as reviews accepts its review', () => {
    const overturned: BookingOutcome = { ...heldOutcome, status: 'completed' };
    expect(skipReason(request, { ...confirmed, status: 'completed', outcome: overturned }, after(3 * HOUR), after(3 * HOUR))).toBeNull();
  });

  it('is dropped once the review window bookings published has closed', () => {
    const closed = new Date(REVIEWABLE_UNTIL.getTime() + 1);
    expect(skipReason(request, confirmed, closed, REVIEWABLE_UNTIL)).toBeNull();
    expect(skipReason(request, confirmed, closed, closed)).toBe('not reviewable');
  });

  it('is dropped when the review would not count: a free session its hunter did not mark held (decision 0090)', () => {
    const late = after(3 * HOUR);
    expect(skipReason(request, { ...confirmed, outcome: { ...heldOutcome, reviewQualifies: false } }, late, late)).toBe(
      'review would not count',
    );
    expect(skipReason(request, { ...confirmed, outcome: { ...heldOutcome, reviewQualifies: null } }, late, late)).toBe(
      'review would not count',
    );
    expect(skipReason(request, confirmed, late, late)).toBeNull();
  });
});
