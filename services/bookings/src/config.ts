import { baseEnvSchema, loadEnv, serviceProductionRules, type ProductionRule } from '@hunted/platform';
import { z } from 'zod';
import { requireCompleteStripeKeys, stripeEnvShape, stripeProductionRules } from './payments/stripe-config.js';

export const bookingsEnvSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(3005),
    ...stripeEnvShape,
  })
  // Last, after every field: zod refuses to extend a schema that already has a refinement.
  .superRefine(requireCompleteStripeKeys);

export type BookingsConfig = z.infer<typeof bookingsEnvSchema>;

export const bookingsProductionRules: readonly ProductionRule[] = [...serviceProductionRules, ...stripeProductionRules];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BookingsConfig {
  return loadEnv(bookingsEnvSchema, 'bookings', env, bookingsProductionRules);
}
