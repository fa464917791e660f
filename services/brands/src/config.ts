import { baseEnvSchema, demoDataEnv, loadEnv } from '@hunted/platform';
import { z } from 'zod';

export const brandsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  /** Load the demo directory into an empty database at start (see demoDataEnabled). */
  ...demoDataEnv,
});

export type BrandsConfig = z.infer<typeof brandsEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BrandsConfig {
  return loadEnv(brandsEnvSchema, 'brands', env);
}
