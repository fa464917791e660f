import { baseEnvSchema, demoDataEnv, loadEnv } from '@hunted/platform';
import { z } from 'zod';

export const huntersEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3004),
  /** Load the demo hunters into an empty database at start (see demoDataEnabled). */
  ...demoDataEnv,
});

export type HuntersConfig = z.infer<typeof huntersEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): HuntersConfig {
  return loadEnv(huntersEnvSchema, 'hunters', env);
}
