import { baseEnvSchema, dailyUploadQuotaEnv, demoDataEnv, loadEnv, reportsPerDayEnv } from '@hunted/platform';
import { z } from 'zod';

export const brandsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  /** Load the demo directory into an empty database at start (see demoDataEnabled). */
  ...demoDataEnv,
  /**
   * How long after a write that moves them the ranks and hashtags of the directory are recounted (one recount for
   * all the writes of that while): the most a brand's rank on /brands lags a vote (brands/directory-figures.ts).
   */
  DIRECTORY_FIGURES_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** A member's (or admin's) daily allowance of brand images, uploaded or fetched from a link (decision 0093). */
  ...dailyUploadQuotaEnv('BRAND_IMAGES', { perDay: 30, megabytesPerDay: 50 }),
  /** How long fetching one image link may take, redirects included. */
  BRAND_IMAGE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * How many days a vote keeps the IP address it was cast from (issue 36): the retention job clears older ones. The
   * address is kept that long to look into vote stuffing; the vote itself stays.
   */
  VOTE_IP_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Reports of brands one member may make in any 24 hours (429 beyond; decision 0101). */
  ...reportsPerDayEnv,
  /**
   * Tests only: comma-separated `host:port` pairs the image fetcher may reach although they are local (a test's own
   * image server). Ignored unless NODE_ENV=test; production refuses it (libs/platform production-rules.ts).
   */
  BRAND_IMAGE_FETCH_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
});

export type BrandsConfig = z.infer<typeof brandsEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BrandsConfig {
  return loadEnv(brandsEnvSchema, 'brands', env);
}
