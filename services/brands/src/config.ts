import { baseEnvSchema, loadEnv } from '@hunted/platform';
import { z } from 'zod';

export const brandsEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  /** Load the demo directory into an empty database at start: 'on' or 'off'; unset means on in development only. */
  DEMO_DATA: z.enum(['on', 'off']).optional(),
});

export type BrandsConfig = z.infer<typeof brandsEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BrandsConfig {
  return loadEnv(brandsEnvSchema, 'brands', env);
}

/**
 * Whether the demo directory may be loaded: the explicit setting first, otherwise only in development, so a
 * production site never starts with made-up brands because a variable was forgotten.
 */
export function demoDataEnabled(config: Pick<BrandsConfig, 'DEMO_DATA' | 'NODE_ENV'>): boolean {
  return (config.DEMO_DATA ?? (config.NODE_ENV === 'development' ? 'on' : 'off')) === 'on';
}
