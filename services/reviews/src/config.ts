import { baseEnvSchema, dailyUploadQuotaEnv, demoDataEnv, loadEnv, reportsPerDayEnv } from '@hunted/platform';
import { z } from 'zod';

export const reviewsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3003),
  /** Load the demo reviews of the demo hunters into an empty database at start (see demoDataEnabled). */
  ...demoDataEnv,
  /** Brand-review photos a member may upload per London day, and their megabytes (429 beyond; decision 0091). */
  ...dailyUploadQuotaEnv('REVIEW_PHOTOS', { perDay: 30, megabytesPerDay: 50 }),
  /**
   * Reviews of hunters one member may write in any 24 hours (429 beyond; decision 0096): a member with several held
   * sessions cannot flood a hunter's rating, or several hunters', in one sitting.
   */
  HUNTER_REVIEWS_PER_DAY: z.coerce.number().int().positive().default(3),
  /** Reports of brand reviews, comments and reviews of hunters one member may make in any 24 hours (429 beyond; decision 0101). */
  ...reportsPerDayEnv,
});

export type ReviewsConfig = z.infer<typeof reviewsEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ReviewsConfig {
  return loadEnv(reviewsEnvSchema, 'reviews', env);
}
