import { baseEnvSchema, loadEnv } from '@hunted/platform';
import { z } from 'zod';

export const reviewsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3003),
});

export type ReviewsConfig = z.infer<typeof reviewsEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ReviewsConfig {
  return loadEnv(reviewsEnvSchema, 'reviews', env);
}
