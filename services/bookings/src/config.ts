import {
  baseEnvSchema,
  dailyUploadQuotaEnv,
  loadEnv,
  publicUrlInProduction,
  serviceProductionRules,
  type ProductionRule,
} from '@hunted/platform';
import { z } from 'zod';
import { bookingLimitsEnvShape } from './bookings/limits/booking-limits.js';
import { requireCompleteStripeKeys, stripeEnvShape, stripeProductionRules } from './payments/stripe-config.js';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const bookingsEnvSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(3005),
    /** How long an unpaid hold keeps its time. */
    HOLD_MINUTES: positiveInt(15),
    /** A slot starts at least this long after now. */
    MIN_NOTICE_MINUTES: z.coerce.number().int().min(0).default(120),
    /** How often each replica looks for holds past their time that no job expired (Redis was away). */
    HOLD_SWEEP_MS: positiveInt(60_000),
    /**
     * The platform's commission on a paid booking, in basis points of the price (1000 = 10%), on top of
     * `BOOKING_RULES.platformFeePence`; the whole is the charge's `application_fee_amount`, never above the price.
     */
    PLATFORM_COMMISSION_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
    /** The site's public address: Stripe's onboarding links come back to it (return and refresh URLs). */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
    /** Booking-question photos a member may upload per London day, and their megabytes (429 beyond; decision 0091). */
    ...dailyUploadQuotaEnv('BOOKING_PHOTOS', { perDay: 30, megabytesPerDay: 50 }),
    /**
     * How long a connected account's state read from Stripe answers `GET /api/hunter-payouts/account` before Stripe
     * is asked again (per account; an applied `account.updated` refreshes it). 0 asks on every read.
     */
    PAYOUT_ACCOUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /**
     * A refund request that failed is asked again (decision 0094): first after `REFUND_RETRY_BASE_SECONDS`, then
     * twice as long each time, never longer than `REFUND_RETRY_MAX_SECONDS`; the alert is raised once it has failed
     * `REFUND_ALERT_AFTER_ATTEMPTS` times. Each sweep asks for at most `REFUND_SWEEP_BATCH` refunds.
     */
    REFUND_RETRY_BASE_SECONDS: positiveInt(60),
    REFUND_RETRY_MAX_SECONDS: positiveInt(21_600),
    REFUND_ALERT_AFTER_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
    REFUND_SWEEP_BATCH: z.coerce.number().int().min(1).max(1000).default(100),
    ...bookingLimitsEnvShape,
    ...stripeEnvShape,
  })
  // Last, after every field: zod refuses to extend a schema that already has a refinement.
  .superRefine(requireCompleteStripeKeys)
  .superRefine((env, context) => {
    if (env.REFUND_RETRY_MAX_SECONDS < env.REFUND_RETRY_BASE_SECONDS) {
      context.addIssue({
        code: 'custom',
        path: ['REFUND_RETRY_MAX_SECONDS'],
        message: `must be at least REFUND_RETRY_BASE_SECONDS (${env.REFUND_RETRY_BASE_SECONDS})`,
      });
    }
  });

export type BookingsConfig = z.infer<typeof bookingsEnvSchema>;

export const bookingsProductionRules: readonly ProductionRule[] = [
  ...serviceProductionRules,
  ...stripeProductionRules,
  ...publicUrlInProduction("Stripe's payout onboarding returns to"),
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BookingsConfig {
  return loadEnv(bookingsEnvSchema, 'bookings', env, bookingsProductionRules);
}
