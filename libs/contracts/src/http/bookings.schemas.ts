import { z } from 'zod';
import { SESSION_TYPES } from './hunters.js';
import {
  BOOKING_ACTION_MESSAGES,
  BOOKING_ACTION_RULES,
  BOOKING_ATTENDANCE,
  BOOKING_NOTES_MAX,
  BOOKING_PHOTOS_MAX,
  isSessionDateValue,
} from './bookings.js';
import { trimmedOrNull } from './input-rules.js';
import { listFilterOneOf, listWholeNumber } from './list-filters.js';
import { DEFAULT_PASSPORT_SHARES, PASSPORT_MESSAGES, PASSPORT_PARTS, type PassportPart } from './style-passport.js';

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
// Kept as sent: a date-time names a date on the hunter's clock, which bookings reads once it has the hunter
// (`sessionDateIn`).
const sessionDate = z.string().refine(isSessionDateValue, { message: 'must be a date (YYYY-MM-DD)' });
const sessionTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)');

/**
 * The client's express request that the session take place within the 14-day cancellation period
 * (EXPRESS_REQUEST.checkboxLabel); bookings refuses a session that needs it (`needsExpressRequest`) without it.
 * Absent is false.
 */
const expressRequest = z.boolean({ error: 'must be true or false' }).optional().default(false);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The client's question or brief: trimmed, blank read as none, at most BOOKING_NOTES_MAX characters. */
const notes = z
  .preprocess(
    trimmedOrNull,
    z
      .string({ error: `must be text of at most ${BOOKING_NOTES_MAX} characters` })
      .max(BOOKING_NOTES_MAX, { error: `must be at most ${BOOKING_NOTES_MAX} characters` })
      .nullable(),
  )
  .optional();
/** Ids of the caller's uploads (`POST /api/booking-photos`), at most BOOKING_PHOTOS_MAX, each once. */
const photoIds = z
  .array(z.string().regex(UUID, { error: BOOKING_ACTION_MESSAGES.photoNotYours }), {
    error: BOOKING_ACTION_MESSAGES.photoCount,
  })
  .max(BOOKING_PHOTOS_MAX, { error: BOOKING_ACTION_MESSAGES.photoCount })
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
  .optional();

/**
 * What of the style passport the hunter may see (issue 25): the five parts, each true or false; absent (a booking
 * made without the passport screen) is DEFAULT_PASSPORT_SHARES. Unknown fields are dropped.
 */
const passport = z
  .object(
    Object.fromEntries(PASSPORT_PARTS.map((part) => [part, z.boolean({ error: 'must be true or false' })])) as Record<
      PassportPart,
      z.ZodBoolean
    >,
    { error: `must be an object of ${PASSPORT_PARTS.join(', ')} (each true or false)` },
  )
  .optional()
  .transform((shares) => shares ?? { ...DEFAULT_PASSPORT_SHARES });

/**
 * 'Ask Me a Question' has nothing to answer without the question: `notes` is then required, and its question is
 * always shared with the hunter.
 */
function requireNotesForQuestion(
  value: { sessionType: string; notes?: string | null | undefined; passport: { question: boolean } },
  ctx: z.RefinementCtx,
): void {
  if (value.sessionType !== 'askQuestion') return;
  if (!value.notes) {
    ctx.addIssue({ code: 'custom', path: ['notes'], message: BOOKING_ACTION_MESSAGES.notesRequired });
  }
  if (!value.passport.question) {
    ctx.addIssue({ code: 'custom', path: ['passport', 'question'], message: PASSPORT_MESSAGES.questionAlwaysShared });
  }
}

/**
 * `POST /api/create-payment-intent` (CreatePaymentIntentRequest): `amount` and `duration` are read and never
 * trusted; `sessionDate` comes out as sent (a date, or a date-time bookings reads on the hunter's clock). Unknown
 * fields are dropped.
 */
export const createPaymentIntentSchema = z
  .object({
    amount: z.number().optional(),
    hunterId,
    sessionType: z.enum(SESSION_TYPES),
    sessionDate,
    sessionTime,
    duration: z.number().optional(),
    notes,
    photoIds,
    passport,
    expressRequest,
  })
  .superRefine(requireNotesForQuestion);
export type CreatePaymentIntentInput = z.output<typeof createPaymentIntentSchema>;

/** `POST /api/bookings` (CreateBookingRequest): `price` and `duration` are read and never trusted. */
export const createBookingSchema = z
  .object({
    hunterId,
    sessionType: z.enum(SESSION_TYPES),
    sessionDate,
    sessionTime,
    duration: z.number().optional(),
    price: z.number().optional(),
    stripePaymentIntentId: z.string().min(1).max(255).nullable(),
    bookingId: z.string().optional(),
    notes,
    photoIds,
    passport,
    /** Read for a free booking only: a paid one made its request with its hold. */
    expressRequest,
  })
  .superRefine((value, ctx) => {
    // A paid booking keeps what its hold was given: only a free one (no hold before it) reads them.
    if (value.stripePaymentIntentId === null) requireNotesForQuestion(value, ctx);
  });
export type CreateBookingInput = z.output<typeof createBookingSchema>;

/** `POST /api/bookings/{id}/reschedule` (RescheduleBookingRequest). */
export const rescheduleBookingSchema = z.object({ sessionDate, sessionTime });
export type RescheduleBookingInput = z.output<typeof rescheduleBookingSchema>;

/** `POST /api/booking-photos` (BookingPhotoUpload): the type and size are checked on the bytes by the service. */
export const bookingPhotoUploadSchema = z.strictObject({
  photo: z.string({ error: BOOKING_ACTION_MESSAGES.photoType }).min(1, { error: BOOKING_ACTION_MESSAGES.photoType }),
});
export type BookingPhotoUploadInput = z.output<typeof bookingPhotoUploadSchema>;

/** A required reason (trimmed, at most BOOKING_ACTION_RULES.reasonMax); `missing` when blank or absent. */
const requiredReason = (missing: string) =>
  z.preprocess(
    (value) => trimmedOrNull(value) ?? null,
    z
      .string({ error: missing })
      .max(BOOKING_ACTION_RULES.reasonMax, { error: `must be at most ${BOOKING_ACTION_RULES.reasonMax} characters` }),
  );

/** `POST /api/hunter-bookings/{id}/cancel` (HunterCancelRequest). */
export const hunterCancelSchema = z.strictObject({ reason: requiredReason(BOOKING_ACTION_MESSAGES.reasonRequired) });
export type HunterCancelInput = z.output<typeof hunterCancelSchema>;

/** `POST /api/hunter-bookings/{id}/attendance` (AttendanceRequest). */
export const attendanceSchema = z.strictObject({
  attendance: z.enum(BOOKING_ATTENDANCE, { error: `must be one of: ${BOOKING_ATTENDANCE.join(', ')}` }),
});
export type AttendanceInput = z.output<typeof attendanceSchema>;

/** `POST /api/hunter-bookings/{id}/proposal` (TimeProposalRequest). */
export const timeProposalSchema = z.strictObject({
  sessionDate,
  sessionTime,
  message: z
    .preprocess(
      trimmedOrNull,
      z
        .string()
        .max(BOOKING_ACTION_RULES.proposalMessageMax, {
          error: `must be at most ${BOOKING_ACTION_RULES.proposalMessageMax} characters`,
        })
        .nullable(),
    )
    .optional(),
});
export type TimeProposalInput = z.output<typeof timeProposalSchema>;

/** `POST /api/bookings/{id}/dispute` (DisputeRequest). */
export const disputeSchema = z.strictObject({ reason: requiredReason('Tell us what happened') });
export type DisputeInput = z.output<typeof disputeSchema>;

/** `GET /api/admin/booking-disputes?status=open|all&limit=&offset=`: open ones unless `all` is asked. */
export const adminBookingDisputesQuerySchema = z.object({
  // 'all' is a value here, not "no filter": absent means the open ones (the queue).
  status: listFilterOneOf('status', ['open', 'all'] as const, { noFilter: new Set(['']) }),
  limit: listWholeNumber('limit', 1, 100),
  offset: listWholeNumber('offset', 0, 10_000),
});
export type AdminBookingDisputesQuery = z.output<typeof adminBookingDisputesQuerySchema>;

/** `POST /api/admin/booking-disputes/{bookingId}/resolve` (ResolveDisputeRequest). */
export const resolveDisputeSchema = z.strictObject({
  resolution: z.enum(['refund', 'dismiss'], { error: 'must be one of: refund, dismiss' }),
  note: requiredReason('Add a note about the decision'),
});
export type ResolveDisputeInput = z.output<typeof resolveDisputeSchema>;

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
