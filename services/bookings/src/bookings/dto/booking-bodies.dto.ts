import { BadRequestException } from '@nestjs/common';
import { SESSION_TYPES } from '@hunted/contracts';
import { serialIdSchema } from '@hunted/platform';
import { z } from 'zod';
import { londonDateOf } from '../../slots/slots.service.js';

const sessionDate = z
  .string()
  .transform(
    (value, ctx) =>
      londonDateOf(value) ?? (ctx.addIssue({ code: 'custom', message: 'must be a date (YYYY-MM-DD)' }), z.NEVER),
  );
const sessionTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)');

/** `POST /api/create-payment-intent`: `amount` and `duration` are read and never trusted. */
export const createPaymentIntentBody = z.object({
  amount: z.number().optional(),
  hunterId: serialIdSchema('a hunter id'),
  sessionType: z.enum(SESSION_TYPES),
  sessionDate,
  sessionTime,
  duration: z.number().optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBody>;

/** `POST /api/bookings`: `price` and `duration` are read and never trusted. */
export const createBookingBody = z.object({
  hunterId: serialIdSchema('a hunter id'),
  sessionType: z.enum(SESSION_TYPES),
  sessionDate,
  sessionTime,
  duration: z.number().optional(),
  price: z.number().optional(),
  stripePaymentIntentId: z.string().min(1).max(255).nullable(),
  bookingId: z.string().optional(),
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;

export const rescheduleBookingBody = z.object({ sessionDate, sessionTime });
export type RescheduleBookingBody = z.infer<typeof rescheduleBookingBody>;

/** A body checked against its schema; a 400 naming each bad field otherwise. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw new BadRequestException({ statusCode: 400, message: 'Please check the booking details', errors });
}
