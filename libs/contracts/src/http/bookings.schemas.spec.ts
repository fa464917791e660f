import { describe, expect, it } from 'vitest';
import { BOOKING_ACTION_MESSAGES, isSessionDateValue, sessionDateIn } from './bookings.js';
import { DEFAULT_PASSPORT_SHARES, PASSPORT_MESSAGES } from './style-passport.js';
import {
  adminBookingDisputesQuerySchema,
  createBookingSchema,
  createPaymentIntentSchema,
  hunterCancelSchema,
  hunterEarningsQuerySchema,
  rescheduleBookingSchema,
  timeProposalSchema,
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
      passport: DEFAULT_PASSPORT_SHARES,
      expressRequest: false,
    });
  });

  it("reads the style passport's choices: absent is the default shares, each part true or false", () => {
    const shares = { savedBrands: true, votedBrands: false, reviewedBrands: true, filterHabits: true, question: false };
    expect(createPaymentIntentSchema.parse({ ...hold, passport: { ...shares, extra: 1 } }).passport).toEqual(shares);
    expect(createBookingSchema.parse({ ...hold, stripePaymentIntentId: null }).passport).toEqual(
      DEFAULT_PASSPORT_SHARES,
    );
    expect(
      firstMessages(createPaymentIntentSchema.safeParse({ ...hold, passport: { ...shares, question: 'no' } })),
    ).toEqual({
      'passport.question': 'must be true or false',
    });
    expect(firstMessages(createPaymentIntentSchema.safeParse({ ...hold, passport: 'all' }))).toEqual({
      passport:
        'must be an object of savedBrands, votedBrands, reviewedBrands, filterHabits, question (each true or false)',
    });
  });

  it("refuses to hide an 'Ask Me a Question' session's question", () => {
    const question = { ...hold, sessionType: 'askQuestion', notes: 'What fits me?' };
    const off = { ...DEFAULT_PASSPORT_SHARES, question: false };
    expect(firstMessages(createPaymentIntentSchema.safeParse({ ...question, passport: off }))).toEqual({
      'passport.question': PASSPORT_MESSAGES.questionAlwaysShared,
    });
    expect(
      firstMessages(createBookingSchema.safeParse({ ...question, stripePaymentIntentId: null, passport: off })),
    ).toEqual({
      'passport.question': PASSPORT_MESSAGES.questionAlwaysShared,
    });
    expect(createPaymentIntentSchema.safeParse({ ...hold, passport: off }).success).toBe(true);
  });

  it("takes a date-time as it was sent, to be read by its date on the hunter's clock", () => {
    expect(sessionDateIn('Europe/London', '2026-07-01T23:30:00Z')).toBe('2026-07-02');
    expect(sessionDateIn('Europe/London', '2026-01-01T23:30:00Z')).toBe('2026-01-01');
    expect(sessionDateIn('Europe/Madrid', '2026-01-01T23:30:00Z')).toBe('2026-01-02');
    expect(sessionDateIn('America/New_York', '2026-07-02T01:30:00Z')).toBe('2026-07-01');
    expect(sessionDateIn('Europe/Athens', '2026-07-01')).toBe('2026-07-01');
    expect(sessionDateIn('Europe/London', 'soon')).toBeNull();
    expect(isSessionDateValue('2026-02-30')).toBe(false);
    expect(rescheduleBookingSchema.parse({ sessionDate: '2026-07-01T23:30:00Z', sessionTime: '10:30' })).toEqual({
      sessionDate: '2026-07-01T23:30:00Z',
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

  it("reads a booking's question trimmed (required for a question, and for a free booking only) and up to 3 photos", () => {
    const photo = '0b6a0c1e-8a4f-4f55-9a43-6f1f0f4b2a11';
    expect(createPaymentIntentSchema.parse({ ...hold, notes: '  Real?  ', photoIds: [photo, photo] })).toMatchObject({
      notes: 'Real?',
      photoIds: [photo],
    });
    expect(
      firstMessages(createPaymentIntentSchema.safeParse({ ...hold, sessionType: 'askQuestion', notes: ' ' })),
    ).toEqual({
      notes: BOOKING_ACTION_MESSAGES.notesRequired,
    });
    expect(createPaymentIntentSchema.safeParse({ ...hold, notes: 'x'.repeat(1001) }).success).toBe(false);
    expect(
      firstMessages(createPaymentIntentSchema.safeParse({ ...hold, photoIds: [photo, photo, photo, photo] })),
    ).toEqual({
      photoIds: BOOKING_ACTION_MESSAGES.photoCount,
    });
    const free = { ...hold, sessionType: 'askQuestion', stripePaymentIntentId: null };
    expect(firstMessages(createBookingSchema.safeParse(free))).toEqual({
      notes: BOOKING_ACTION_MESSAGES.notesRequired,
    });
    // A paid booking keeps its hold's question: none is asked again.
    expect(createBookingSchema.safeParse({ ...free, stripePaymentIntentId: 'sim_1' }).success).toBe(true);
  });

  it("reads the hunter's actions and the admin's query", () => {
    expect(firstMessages(hunterCancelSchema.safeParse({ reason: '  ' }))).toEqual({
      reason: BOOKING_ACTION_MESSAGES.reasonRequired,
    });
    expect(hunterCancelSchema.parse({ reason: ' Unwell ' })).toEqual({ reason: 'Unwell' });
    expect(timeProposalSchema.parse({ sessionDate: '2030-01-07', sessionTime: '10:00', message: ' ' })).toEqual({
      sessionDate: '2030-01-07',
      sessionTime: '10:00',
      message: null,
    });
    expect(adminBookingDisputesQuerySchema.parse({ status: 'all' })).toEqual({ status: 'all' });
    expect(adminBookingDisputesQuerySchema.parse({})).toEqual({});
    expect(adminBookingDisputesQuerySchema.safeParse({ status: 'closed' }).success).toBe(false);
  });
});
