import { baseEnvSchema, demoDataEnv, loadEnv } from '@hunted/platform';
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
});

export type BrandsConfig = z.infer<typeof brandsEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BrandsConfig {
  return loadEnv(brandsEnvSchema, 'brands', env);
}
