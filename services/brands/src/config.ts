import { baseEnvSchema, loadEnv } from '@hunted/platform';
import { z } from 'zod';

export const brandsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  /** Load the demo directory into an empty database at start: 'on' or 'off'; unset means on, except in tests. */
  DEMO_DATA: z.enum(['on', 'off']).optional(),
});

export type BrandsConfig = z.infer<typeof brandsEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BrandsConfig {
  return loadEnv(brandsEnvSchema, 'brands', env);
}

/** Whether the demo directory may be loaded: explicit setting first, otherwise everywhere but tests. */
export function demoDataEnabled(config: Pick<BrandsConfig, 'DEMO_DATA' | 'NODE_ENV'>): boolean {
  return (config.DEMO_DATA ?? (config.NODE_ENV === 'test' ? 'off' : 'on')) === 'on';
}
