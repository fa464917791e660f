import { z } from 'zod';
import { SESSION_TYPES } from './hunters.js';
import { sessionDateOf } from './bookings.js';

/**
 * The bookings API's request schemas (read by bookings' SchemaPipe). Apart from `bookings.ts` so that a page which
 * only needs the types and rules does not bring zod into its bundle (the package is side-effect free, so an unused
 * schema module is dropped).
 */

/** The largest id a PostgreSQL `serial` column holds (the platform's `MAX_SERIAL_ID`). */
const MAX_HUNTER_ID = 2_147_483_647;
const hunterIdError = `must be a hunter id (a whole number from 1 to ${MAX_HUNTER_ID})`;
const hunterId = z
  .number({ error: hunterIdError })
  .int({ error: hunterIdError })
  .min(1, { error: hunterIdError })
  .max(MAX_HUNTER_ID, { error: hunterIdError });
const sessionDate = z
  .string()
  .transform(
    (value, ctx) =>
      sessionDateOf(value) ?? (ctx.addIssue({ code: 'custom', message: 'must be a date (YYYY-MM-DD)' }), z.NEVER),
  );
const sessionTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)');

/**
 * `POST /api/create-payment-intent` (CreatePaymentIntentRequest): `amount` and `duration` are read and never
 * trusted; `sessionDate` comes out as its London date. Unknown fields are dropped.
 */
export const createPaymentIntentSchema = z.object({
  amount: z.number().optional(),
  hunterId,
  sessionType: z.enum(SESSION_TYPES),
  sessionDate,
  sessionTime,
  duration: z.number().optional(),
});
export type CreatePaymentIntentInput = z.output<typeof createPaymentIntentSchema>;

/** `POST /api/bookings` (CreateBookingRequest): `price` and `duration` are read and never trusted. */
export const createBookingSchema = z.object({
  hunterId,
  sessionType: z.enum(SESSION_TYPES),
  sessionDate,
  sessionTime,
  duration: z.number().optional(),
  price: z.number().optional(),
  stripePaymentIntentId: z.string().min(1).max(255).nullable(),
  bookingId: z.string().optional(),
});
export type CreateBookingInput = z.output<typeof createBookingSchema>;

/** `POST /api/bookings/{id}/reschedule` (RescheduleBookingRequest). */
export const rescheduleBookingSchema = z.object({ sessionDate, sessionTime });
export type RescheduleBookingInput = z.output<typeof rescheduleBookingSchema>;

/** The 400's `message` when a booking body is refused (each field's reason is in `errors`). */
export const BOOKING_BODY_MESSAGE = 'Please check the booking details';

/**
 * `GET /api/hunter-earnings` and its `export.csv`: `?taxYear=2026` (the UK tax year from 6 April 2026), the current
 * tax year when left out.
 */
export const hunterEarningsQuerySchema = z.strictObject({
  taxYear: z.coerce
    .number({ error: 'must be a year' })
    .int({ error: 'must be a year' })
    .min(2000, { error: 'must be a year from 2000' })
    .max(2100, { error: 'must be a year up to 2100' })
    .optional(),
});
export type HunterEarningsQuery = z.output<typeof hunterEarningsQuerySchema>;
