import {
  baseEnvSchema,
  dailyUploadQuotaEnv,
  loadEnv,
  publicUrlInProduction,
  serviceProductionRules,
  type ProductionRule,
} from '@hunted/platform';
import { CURRENCIES, PAYOUT_COUNTRIES, PLATFORM_FEE_FIXED_MINOR_DEFAULTS, type Currency } from '@hunted/contracts';
import { z } from 'zod';
import { bookingLimitsEnvShape } from './bookings/limits/booking-limits.js';
import { requireCompleteStripeKeys, stripeEnvShape, stripeProductionRules } from './payments/stripe-config.js';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The fee's fixed part per currency unless PLATFORM_FEE_FIXED_MINOR says otherwise (the Hunter Terms state it). */
export const DEFAULT_PLATFORM_FEE_FIXED_MINOR = PLATFORM_FEE_FIXED_MINOR_DEFAULTS;

const feeTableEnv = z
  .string()
  .optional()
  .transform((text, ctx): Record<Currency, number> => {
    if (text === undefined || text.trim() === '') return DEFAULT_PLATFORM_FEE_FIXED_MINOR;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON of minor units per currency, e.g. {"GBP":200,"EUR":200}' });
      return z.NEVER;
    }
    const table = z
      .partialRecord(z.enum(CURRENCIES, { error: `names a currency not one of ${CURRENCIES.join(', ')}` }), z.number().int().min(0))
      .safeParse(json);
    if (!table.success) {
      ctx.addIssue({ code: 'custom', message: table.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ') });
      return z.NEVER;
    }
    return { ...DEFAULT_PLATFORM_FEE_FIXED_MINOR, ...table.data };
  });

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
    /** The platform fee's fixed part per currency, minor units, JSON (DEFAULT_PLATFORM_FEE_FIXED_MINOR). */
    PLATFORM_FEE_FIXED_MINOR: feeTableEnv,
    /**
     * The countries 'Get paid' creates Connect accounts in, comma-separated ISO codes: by default every one Stripe's
     * cross-border payouts reach from a UK platform (PAYOUT_COUNTRIES); an operator may offer fewer, never others.
     */
    PAYOUT_COUNTRIES: z
      .string()
      .optional()
      .transform((text, ctx): string[] => {
        if (text === undefined || text.trim() === '') return [...PAYOUT_COUNTRIES];
        const codes = text.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean);
        const unknown = codes.filter((code) => !(PAYOUT_COUNTRIES as readonly string[]).includes(code));
        if (unknown.length) {
          ctx.addIssue({ code: 'custom', message: `${unknown.join(', ')}: not a country Stripe pays out to from a UK platform` });
          return z.NEVER;
        }
        return codes;
      }),
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
