import { baseEnvSchema, loadEnv } from '@hunted/platform';
import { z } from 'zod';

export const bookingsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3005),
});

export type BookingsConfig = z.infer<typeof bookingsEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BookingsConfig {
  return loadEnv(bookingsEnvSchema, 'bookings', env);
}
