import { BOOKING_ACTION_MESSAGES } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canDispute,
  canMarkAttendance,
  canPropose,
  DAY_MS,
  HOUR_MS,
  isBeforeChangeWindow,
  isHeld,
  joiningHeldBack,
  joiningReleased,
  outcomeOf,
  type OutcomeRow,
  refundOnCancel,
  refusalToChange,
  refusalToDispute,
  refusalToMarkAttendance,
  refusalToPropose,
  reviewableUntil,
  type RuleRow,
} from './booking-rules.js';

const NOW = Date.UTC(2026, 5, 1, 12);
const at = (ms: number) => new Date(NOW + ms);

/** A confirmed hour-long paid booking starting `startsIn` from now. */
function row(startsIn: number, change: Partial<RuleRow> = {}): RuleRow {
  return {
    status: 'confirmed',
    startsAt: at(startsIn),
    endsAt: at(startsIn + HOUR_MS),
    pricePence: 4000,
    proposedAt: null,
    attendance: null,
    attendanceMarkedAt: null,
    disputeStatus: null,
    ...change,
  };
}

describe('the booking rules', () => {
  it('lets either side cancel a confirmed booking until it starts, and no other', () => {
    expect(canCancel(row(1), NOW)).toBe(true);
    expect(canCancel(row(0), NOW)).toBe(false);
    expect(canCancel(row(-1), NOW)).toBe(false);
    for (const status of ['pending_payment', 'expired', 'cancelled', 'completed'] as const) {
      expect(canCancel(row(DAY_MS, { status }), NOW)).toBe(false);
    }
    expect(refusalToChange(row(1), NOW)).toBeNull();
    expect(refusalToChange(row(0), NOW)).toBe(BOOKING_ACTION_MESSAGES.alreadyStarted);
    expect(refusalToChange(row(DAY_MS, { status: 'cancelled' }), NOW)).toBe(BOOKING_ACTION_MESSAGES.notConfirmed);
  });

  it('moves, and refunds a client in full, until the change window; the hunter always refunds in full', () => {
    expect(isBeforeChangeWindow(row(24 * HOUR_MS), NOW)).toBe(true);
    expect(isBeforeChangeWindow(row(24 * HOUR_MS - 1), NOW)).toBe(false);
    expect(isBeforeChangeWindow(row(DAY_MS * 2, { status: 'completed' }), NOW)).toBe(false);
    expect(refundOnCancel(row(24 * HOUR_MS), 'client', NOW)).toBe(4000);
    expect(refundOnCancel(row(24 * HOUR_MS - 1), 'client', NOW)).toBe(0);
    expect(refundOnCancel(row(1), 'hunter', NOW)).toBe(4000);
  });

  it('lets the hunter suggest one time at a time, and says why not', () => {
    expect(canPropose(row(HOUR_MS), NOW)).toBe(true);
    expect(canPropose(row(HOUR_MS, { proposedAt: at(-1) }), NOW)).toBe(false);
    expect(canPropose(row(-1), NOW)).toBe(false);
    expect(refusalToPropose(row(HOUR_MS, { proposedAt: at(-1) }), NOW)).toBe(BOOKING_ACTION_MESSAGES.proposalOpen);
    expect(refusalToPropose(row(-1, { proposedAt: at(-1) }), NOW)).toBe(BOOKING_ACTION_MESSAGES.alreadyStarted);
    expect(refusalToPropose(row(HOUR_MS), NOW)).toBeNull();
  });

  it('lets the hunter mark a started session once, and says why not', () => {
    expect(canMarkAttendance(row(0), NOW)).toBe(true);
    expect(canMarkAttendance(row(-DAY_MS, { status: 'completed' }), NOW)).toBe(true);
    expect(canMarkAttendance(row(1), NOW)).toBe(false);
    expect(canMarkAttendance(row(0, { attendance: 'held' }), NOW)).toBe(false);
    expect(canMarkAttendance(row(-DAY_MS, { status: 'cancelled' }), NOW)).toBe(false);
    expect(refusalToMarkAttendance(row(-DAY_MS, { status: 'cancelled' }), NOW)).toBe(
      BOOKING_ACTION_MESSAGES.notConfirmed,
    );
    expect(refusalToMarkAttendance(row(1, { attendance: 'held' }), NOW)).toBe(BOOKING_ACTION_MESSAGES.alreadyMarked);
    expect(refusalToMarkAttendance(row(1), NOW)).toBe(BOOKING_ACTION_MESSAGES.notStarted);
    expect(refusalToMarkAttendance(row(0), NOW)).toBeNull();
  });

  it('lets the client dispute a no-show mark within 48 hours of it, once', () => {
    const noShow = (markedAgo: number, change: Partial<RuleRow> = {}) =>
      row(-DAY_MS, { status: 'completed', attendance: 'no_show', attendanceMarkedAt: at(-markedAgo), ...change });
    expect(canDispute(noShow(48 * HOUR_MS - 1), NOW)).toBe(true);
    expect(canDispute(noShow(48 * HOUR_MS), NOW)).toBe(false);
    expect(canDispute(noShow(1, { disputeStatus: 'open' }), NOW)).toBe(false);
    expect(canDispute(noShow(1, { attendance: 'held' }), NOW)).toBe(false);
    expect(refusalToDispute(noShow(1), NOW)).toBeNull();
    expect(refusalToDispute(noShow(1, { attendance: 'held' }), NOW)).toBe(BOOKING_ACTION_MESSAGES.notNoShow);
    expect(refusalToDispute(noShow(1, { disputeStatus: 'dismissed' }), NOW)).toBe(
      BOOKING_ACTION_MESSAGES.alreadyDisputed,
    );
    expect(refusalToDispute(noShow(48 * HOUR_MS), NOW)).toBe(BOOKING_ACTION_MESSAGES.disputeClosed);
  });

  it('counts a session held once it has ended, unless a no-show mark stands', () => {
    expect(isHeld(row(-2 * HOUR_MS), NOW)).toBe(true);
    expect(isHeld(row(-HOUR_MS / 2), NOW)).toBe(false);
    expect(isHeld(row(HOUR_MS, { status: 'completed' }), NOW)).toBe(true);
    expect(isHeld(row(-2 * HOUR_MS, { status: 'cancelled' }), NOW)).toBe(false);
    expect(isHeld(row(-2 * HOUR_MS, { attendance: 'no_show' }), NOW)).toBe(false);
    expect(isHeld(row(-2 * HOUR_MS, { attendance: 'no_show', disputeStatus: 'dismissed' }), NOW)).toBe(false);
    expect(isHeld(row(-2 * HOUR_MS, { attendance: 'no_show', disputeStatus: 'refunded' }), NOW)).toBe(true);
  });

  it('keeps a held session reviewable for 30 days after its end, and joining details a day after it', () => {
    const ended = row(-2 * HOUR_MS);
    expect(reviewableUntil(ended, NOW)).toBe(NOW - HOUR_MS + 30 * DAY_MS);
    expect(reviewableUntil(row(-31 * DAY_MS), NOW)).toBeNull();
    expect(reviewableUntil(row(HOUR_MS), NOW)).toBeNull();
    expect(joiningReleased(row(-25 * HOUR_MS), NOW)).toBe(true);
    expect(joiningReleased(row(-25 * HOUR_MS - 1), NOW)).toBe(false);
    expect(joiningReleased(row(HOUR_MS, { status: 'pending_payment' }), NOW)).toBe(false);
  });

  it('releases joining details only once a full refund is no longer possible, never for a cancelled booking', () => {
    expect(joiningReleased(row(24 * HOUR_MS), NOW)).toBe(false);
    expect(isBeforeChangeWindow(row(24 * HOUR_MS), NOW)).toBe(true);
    expect(joiningHeldBack(row(24 * HOUR_MS), NOW)).toBe(true);
    expect(joiningReleased(row(24 * HOUR_MS - 1), NOW)).toBe(true);
    expect(joiningHeldBack(row(24 * HOUR_MS - 1), NOW)).toBe(false);
    expect(joiningReleased(row(48 * HOUR_MS), NOW)).toBe(false);
    expect(joiningReleased(row(HOUR_MS, { status: 'cancelled' }), NOW)).toBe(false);
    expect(joiningHeldBack(row(48 * HOUR_MS, { status: 'cancelled' }), NOW)).toBe(false);
  });
});

/** The booking of `row`, as outcomeOf reads it, at sequence `sequence`. */
function outcomeRow(startsIn: number, change: Partial<OutcomeRow> = {}): OutcomeRow {
  return { ...row(startsIn), sequence: 0, ...change };
}

const iso = (ms: number) => new Date(NOW + ms).toISOString();

describe("a booking's outcome, as its events publish it", () => {
  it('holds an upcoming confirmed session from its end, reviewable 30 days after, its passport 7 days after', () => {
    expect(outcomeOf(outcomeRow(HOUR_MS))).toEqual({
      revision: 0,
      status: 'confirmed',
      heldFrom: iso(2 * HOUR_MS),
      noShow: false,
      reviewableUntil: iso(2 * HOUR_MS + 30 * DAY_MS),
      editableFrom: null,
      passportUntil: iso(2 * HOUR_MS + 7 * DAY_MS),
      reviewQualifies: true,
    });
  });

  it('opens edits at the completion, or at once when the hunter marks the session held', () => {
    expect(outcomeOf(outcomeRow(-2 * HOUR_MS, { status: 'completed' })).editableFrom).toBe(iso(-HOUR_MS));
    const markedAt = at(-HOUR_MS - HOUR_MS / 2);
    const marked = outcomeOf(outcomeRow(-2 * HOUR_MS, { attendance: 'held', attendanceMarkedAt: markedAt }));
    expect(marked).toMatchObject({ editableFrom: markedAt.toISOString(), heldFrom: iso(-HOUR_MS), noShow: false });
  });

  it('holds nothing of a cancelled booking: no review, no edit; its passport window ends where it would have', () => {
    expect(outcomeOf(outcomeRow(HOUR_MS, { status: 'cancelled', sequence: 1 }))).toEqual({
      revision: 8,
      status: 'cancelled',
      heldFrom: null,
      noShow: false,
      reviewableUntil: null,
      editableFrom: null,
      passportUntil: iso(2 * HOUR_MS + 7 * DAY_MS),
      reviewQualifies: false,
    });
    expect(outcomeOf(outcomeRow(HOUR_MS, { status: 'expired' })).passportUntil).toBeNull();
  });

  it('holds nothing of a standing no-show but its passport; a refunded dispute overturns the mark', () => {
    const markedAt = at(-HOUR_MS);
    const noShow = outcomeRow(-2 * HOUR_MS, { status: 'completed', attendance: 'no_show', attendanceMarkedAt: markedAt });
    for (const disputeStatus of [null, 'open', 'dismissed'] as const) {
      expect(outcomeOf({ ...noShow, disputeStatus })).toMatchObject({
        heldFrom: null,
        noShow: true,
        reviewableUntil: null,
        editableFrom: null,
        passportUntil: iso(-HOUR_MS + 7 * DAY_MS),
      });
    }
    expect(outcomeOf({ ...noShow, disputeStatus: 'refunded' })).toMatchObject({
      heldFrom: iso(-HOUR_MS),
      noShow: false,
      reviewableUntil: iso(-HOUR_MS + 30 * DAY_MS),
      editableFrom: markedAt.toISOString(),
    });
  });

  it("lets a review count for a paid session held, or a free one only once its hunter marked it held", () => {
    const ended = -2 * HOUR_MS;
    const markedAt = at(-HOUR_MS);
    const qualifies = (change: Partial<OutcomeRow>) => outcomeOf(outcomeRow(ended, change)).reviewQualifies;
    // Paid: held by its end, whether or not the hunter marked it; not when the no-show stands or it was cancelled.
    expect(qualifies({})).toBe(true);
    expect(qualifies({ status: 'completed' })).toBe(true);
    expect(qualifies({ status: 'completed', attendance: 'held', attendanceMarkedAt: markedAt })).toBe(true);
    expect(qualifies({ status: 'completed', attendance: 'no_show', attendanceMarkedAt: markedAt })).toBe(false);
    expect(qualifies({ attendance: 'no_show', attendanceMarkedAt: markedAt, disputeStatus: 'refunded' })).toBe(true);
    expect(qualifies({ status: 'cancelled', sequence: 1 })).toBe(false);
    // Free: held by the clock is not enough; the hunter's 'held' mark is.
    expect(qualifies({ pricePence: 0 })).toBe(false);
    expect(qualifies({ pricePence: 0, status: 'completed' })).toBe(false);
    expect(qualifies({ pricePence: 0, status: 'completed', attendance: 'held', attendanceMarkedAt: markedAt })).toBe(true);
    expect(qualifies({ pricePence: 0, attendance: 'held', attendanceMarkedAt: markedAt })).toBe(true);
    expect(qualifies({ pricePence: 0, attendance: 'no_show', attendanceMarkedAt: markedAt })).toBe(false);
    expect(qualifies({ pricePence: 0, status: 'cancelled', attendance: null, sequence: 1 })).toBe(false);
    // Its review still needs the session ended: the outcome says only what the row says, never the clock.
    expect(outcomeOf(outcomeRow(HOUR_MS)).reviewQualifies).toBe(true);
  });

  it('raises the revision with every step of the booking, and never lowers it', () => {
    const steps: Partial<OutcomeRow>[] = [
      { sequence: 0 },
      { sequence: 1 },
      { sequence: 1, attendance: 'no_show' },
      { sequence: 1, attendance: 'no_show', status: 'completed' },
      { sequence: 1, attendance: 'no_show', status: 'completed', disputeStatus: 'open' },
      { sequence: 1, attendance: 'no_show', status: 'completed', disputeStatus: 'refunded' },
    ];
    const revisions = steps.map((step) => outcomeOf(outcomeRow(-2 * HOUR_MS, step)).revision);
    expect(revisions).toEqual([0, 8, 9, 10, 11, 12]);
    // Every later step of one sequence (at most 4) stays below the next sequence's first revision.
    expect(outcomeOf(outcomeRow(0, { status: 'completed', attendance: 'held', disputeStatus: 'refunded' })).revision).toBeLessThan(8);
  });

  it('says what the page rules say: held is heldFrom passed, reviewable until reviewableUntil', () => {
    const cases: Partial<OutcomeRow>[] = [
      {},
      { status: 'completed' },
      { status: 'cancelled' },
      { attendance: 'no_show' },
      { attendance: 'no_show', disputeStatus: 'dismissed' },
      { attendance: 'no_show', disputeStatus: 'refunded' },
      { status: 'expired' },
    ];
    for (const startsIn of [-40 * DAY_MS, -2 * HOUR_MS, -HOUR_MS / 2, HOUR_MS]) {
      for (const change of cases) {
        const booking = outcomeRow(startsIn, change);
        // Bookings completes a session only once it has ended: a completed row ending ahead never exists.
        if (booking.status === 'completed' && startsIn + HOUR_MS > 0) continue;
        const outcome = outcomeOf(booking);
        const heldByOutcome = outcome.heldFrom !== null && Date.parse(outcome.heldFrom) <= NOW;
        expect(heldByOutcome, JSON.stringify({ startsIn, change })).toBe(isHeld(booking, NOW));
        const until = outcome.reviewableUntil === null ? null : Date.parse(outcome.reviewableUntil);
        expect(heldByOutcome && until !== null && until > NOW ? until : null).toBe(reviewableUntil(booking, NOW));
      }
    }
  });
});
