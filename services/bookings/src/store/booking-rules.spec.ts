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
  joiningReleased,
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
});
