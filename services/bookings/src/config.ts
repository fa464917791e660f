import { baseEnvSchema, loadEnv } from '@hunted/platform';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const bookingsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3005),
  /** How long an unpaid hold keeps its time. */
  HOLD_MINUTES: positiveInt(15),
  /** A slot starts at least this long after now. */
  MIN_NOTICE_MINUTES: z.coerce.number().int().min(0).default(120),
  /** How often each replica looks for holds past their time that no job expired (Redis was away). */
  HOLD_SWEEP_MS: positiveInt(60_000),
  /** Stripe's secret key: with it payments go to Stripe, without it they are simulated. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
});

export type BookingsConfig = z.infer<typeof bookingsEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BookingsConfig {
  return loadEnv(bookingsEnvSchema, 'bookings', env);
}
