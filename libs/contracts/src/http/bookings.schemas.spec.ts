import { describe, expect, it } from 'vitest';
import { sessionDateOf } from './bookings.js';
import {
  createBookingSchema,
  createPaymentIntentSchema,
  hunterEarningsQuerySchema,
  rescheduleBookingSchema,
} from './bookings.schemas.js';

const hold = { hunterId: 7, sessionType: 'whatsappVideo', sessionDate: '2030-01-07', sessionTime: '09:00' };
const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('booking bodies', () => {
  it('reads a hold, dropping what it never trusts as unknown fields', () => {
    expect(createPaymentIntentSchema.parse({ ...hold, amount: 1, duration: 30, extra: true })).toEqual({
      ...hold,
      amount: 1,
      duration: 30,
    });
  });

  it('takes a date-time as its London date', () => {
    expect(sessionDateOf('2026-07-01T23:30:00Z')).toBe('2026-07-02');
    expect(sessionDateOf('2026-01-01T23:30:00Z')).toBe('2026-01-01');
    expect(sessionDateOf('soon')).toBeNull();
    expect(rescheduleBookingSchema.parse({ sessionDate: '2026-07-01T23:30:00Z', sessionTime: '10:30' })).toEqual({
      sessionDate: '2026-07-02',
      sessionTime: '10:30',
    });
  });

  it('names each bad field with the message the pages show', () => {
    const refused = createPaymentIntentSchema.safeParse({
      ...hold,
      hunterId: 2_147_483_648,
      sessionDate: 'soon',
      sessionTime: '24:00',
    });
    expect(firstMessages(refused)).toEqual({
      hunterId: 'must be a hunter id (a whole number from 1 to 2147483647)',
      sessionDate: 'must be a date (YYYY-MM-DD)',
      sessionTime: 'must be a time (HH:MM)',
    });
    for (const hunterId of [0, 1.5, '7', 1e300]) {
      expect(
        firstMessages(createBookingSchema.safeParse({ ...hold, hunterId, stripePaymentIntentId: null })),
        String(hunterId),
      ).toEqual({ hunterId: 'must be a hunter id (a whole number from 1 to 2147483647)' });
    }
  });

  it('wants the intent, or null for a free type', () => {
    expect(createBookingSchema.safeParse({ ...hold }).success).toBe(false);
    expect(createBookingSchema.safeParse({ ...hold, stripePaymentIntentId: '' }).success).toBe(false);
    expect(createBookingSchema.parse({ ...hold, stripePaymentIntentId: null }).stripePaymentIntentId).toBeNull();
  });
});

describe('hunterEarningsQuerySchema', () => {
  it('takes a tax year from 2000 to 2100, or none; nothing else', () => {
    expect(hunterEarningsQuerySchema.parse({ taxYear: '2026' })).toEqual({ taxYear: 2026 });
    expect(hunterEarningsQuerySchema.parse({})).toEqual({});
    for (const taxYear of ['abc', '1999', '2101', '2026.5']) {
      expect(hunterEarningsQuerySchema.safeParse({ taxYear }).success).toBe(false);
    }
    expect(hunterEarningsQuerySchema.safeParse({ taxYear: '2026', other: '1' }).success).toBe(false);
  });
});
