import { describe, expect, it } from 'vitest';
import { BOOKING_RULES } from './bookings.js';
import { CANCELLATION_POLICY, EXPRESS_REQUEST, needsExpressRequest } from './cancellation-policy.js';

const DAY = 24 * 60 * 60 * 1000;
const bookedAt = new Date('2026-12-06T10:00:00.000Z');

describe('needsExpressRequest', () => {
  it('is true for a session starting less than 14 days after booking', () => {
    expect(needsExpressRequest(new Date(bookedAt.getTime() + DAY), bookedAt)).toBe(true);
    expect(needsExpressRequest(new Date(bookedAt.getTime() + 14 * DAY - 1), bookedAt)).toBe(true);
  });

  it('is false from 14 days after booking on', () => {
    expect(needsExpressRequest(new Date(bookedAt.getTime() + 14 * DAY), bookedAt)).toBe(false);
    expect(needsExpressRequest(new Date(bookedAt.getTime() + 30 * DAY), bookedAt)).toBe(false);
  });

  it('reads ISO text and milliseconds as instants', () => {
    expect(needsExpressRequest('2026-12-07T10:00:00.000Z', bookedAt.toISOString())).toBe(true);
    expect(needsExpressRequest(bookedAt.getTime() + 20 * DAY, bookedAt.getTime())).toBe(false);
  });
});

describe('CANCELLATION_POLICY', () => {
  it('states the refund window the bookings service applies', () => {
    expect(CANCELLATION_POLICY.fullRefundHoursBefore).toBe(BOOKING_RULES.changeWindowHours);
    expect(CANCELLATION_POLICY.rules[0]).toContain(`${BOOKING_RULES.changeWindowHours} hours or more`);
    expect(CANCELLATION_POLICY.rules.join(' ')).toMatch(/hunter cancels or does not show: you get a full refund/);
  });
});

describe('EXPRESS_REQUEST', () => {
  it('asks for the request and says the right to cancel ends once the session is held', () => {
    expect(EXPRESS_REQUEST.checkboxLabel).toMatch(/within the 14-day cancellation period/);
    expect(EXPRESS_REQUEST.checkboxLabel).toMatch(/lose the right to cancel once it has taken place/);
  });

  it('says the 14-day right applies to a session booked further ahead, and how a refund works', () => {
    expect(EXPRESS_REQUEST.beyondPeriod).toMatch(/14-day right to cancel/);
    expect(EXPRESS_REQUEST.beyondPeriod).toMatch(/refund/);
  });
});
