import { baseEnvSchema, dailyUploadQuotaEnv, demoDataEnv, loadEnv } from '@hunted/platform';
import { z } from 'zod';

export const huntersEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3004),
  /** Load the demo hunters into an empty database at start (see demoDataEnabled). */
  ...demoDataEnv,
  /** Profile photos a member may upload per London day, and their megabytes (429 beyond; decision 0091). */
  ...dailyUploadQuotaEnv('HUNTER_PHOTOS', { perDay: 30, megabytesPerDay: 50 }),
  /** Hunter Edit item photos a hunter may upload per London day, and their megabytes (an edit has up to 12 items). */
  ...dailyUploadQuotaEnv('EDIT_PHOTOS', { perDay: 60, megabytesPerDay: 100 }),
});

export type HuntersConfig = z.infer<typeof huntersEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): HuntersConfig {
  return loadEnv(huntersEnvSchema, 'hunters', env);
}
