import { baseEnvSchema, demoDataEnv, loadEnv } from '@hunted/platform';
import { z } from 'zod';

export const reviewsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3003),
  /** Load the demo reviews of the demo hunters into an empty database at start (see demoDataEnabled). */
  ...demoDataEnv,
});

export type ReviewsConfig = z.infer<typeof reviewsEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ReviewsConfig {
  return loadEnv(reviewsEnvSchema, 'reviews', env);
}
