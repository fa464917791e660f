import { baseEnvSchema, InvalidEnvironmentError, loadEnv } from '@hunted/platform';
import { z } from 'zod';

/** The local mail catcher (maildev from `npm start`); production must name a real server. */
export const DEV_SMTP_URL = 'smtp://127.0.0.1:1025';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const messagingEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3006),
  /** Where outgoing mail goes: `smtp://` or `smtps://`, credentials in the URL if the server needs them. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The inbox that receives each contact form submission. */
  SUPPORT_EMAIL: z.email().default('support@hunted.example'),
  /** The From header of mail the site sends. */
  MAIL_FROM: z.string().trim().min(3).default('Hunted <no-reply@hunted.example>'),
  /** Sending tries per submission before it is marked failed; the waits between them double each time. */
  CONTACT_EMAIL_ATTEMPTS: positiveInt(12),
  /** The first wait before a failed send is tried again (12 tries at 15 s doubling span about 8.5 hours). */
  CONTACT_EMAIL_BACKOFF_MS: positiveInt(15_000),
  /** How often each replica looks for submissions whose email was never queued (Redis was away). */
  CONTACT_EMAIL_SWEEP_MS: positiveInt(60_000),
});

export type MessagingConfig = Omit<z.infer<typeof messagingEnvSchema>, 'SMTP_URL'> & { SMTP_URL: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  const parsed = loadEnv(messagingEnvSchema, 'messaging', env);
  if (parsed.NODE_ENV === 'production' && !parsed.SMTP_URL) {
    throw new InvalidEnvironmentError(
      'messaging: SMTP_URL must be set in production (the mail server to send through)',
    );
  }
  return { ...parsed, SMTP_URL: parsed.SMTP_URL ?? DEV_SMTP_URL };
}
