import { baseEnvSchema, loadEnv } from '@hunted/platform';
import { z } from 'zod';

export const messagingEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3006),
});

export type MessagingConfig = z.infer<typeof messagingEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  return loadEnv(messagingEnvSchema, 'messaging', env);
}
