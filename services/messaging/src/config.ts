import {
  baseEnvSchema,
  loadEnv,
  notDevelopmentValue,
  publicUrlInProduction,
  requiredInProduction,
  serviceProductionRules,
  type ProductionRule,
  operatorEnv,
  operatorInProduction,
} from '@hunted/platform';
import { z } from 'zod';

/** The local mail catcher (maildev from `npm start`); production must name a real server. */
export const DEV_SMTP_URL = 'smtp://127.0.0.1:1025';
const DEV_SUPPORT_EMAIL = 'support@hunted.example';
const DEV_MAIL_FROM = 'Hunted <no-reply@hunted.example>';
/** Signs unsubscribe links in development and tests only; production must set its own. */
export const DEV_UNSUBSCRIBE_TOKEN_SECRET = 'dev-only-unsubscribe-token-secret-change-me';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const messagingEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3006),
  /** Where outgoing mail goes: `smtp://` or `smtps://`, credentials in the URL if the server needs them. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The inbox that receives each contact form submission. */
  SUPPORT_EMAIL: z.email().default(DEV_SUPPORT_EMAIL),
  /** The From header of mail the site sends. */
  MAIL_FROM: z.string().trim().min(3).default(DEV_MAIL_FROM),
  /** Sending tries per submission before it is marked failed; the waits between them double each time. */
  CONTACT_EMAIL_ATTEMPTS: positiveInt(12),
  /** The first wait before a failed send is tried again (12 tries at 15 s doubling span about 8.5 hours). */
  CONTACT_EMAIL_BACKOFF_MS: positiveInt(15_000),
  /** How often each replica looks for submissions whose email was never queued (Redis was away). */
  CONTACT_EMAIL_SWEEP_MS: positiveInt(60_000),
  /** The site's public address, for the links in emails (`/my-bookings`, `/hunter-dashboard`). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  /** Sending tries per booking email before it is marked failed; the waits between them double each time. */
  BOOKING_EMAIL_ATTEMPTS: positiveInt(12),
  /** The first wait before a failed booking email is tried again. */
  BOOKING_EMAIL_BACKOFF_MS: positiveInt(15_000),
  /** How often each replica queues booking emails that are due and have no job (Redis was away). */
  BOOKING_EMAIL_SWEEP_MS: positiveInt(60_000),
  /** A booking's changes within this long of its last email become one email with the final state (0: none). */
  BOOKING_EMAIL_COALESCE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(2 * 60_000),
  /** Messages one member may send per minute (429 beyond; the gateway's write limit applies as well). */
  MESSAGE_SEND_LIMIT_PER_MINUTE: positiveInt(30),
  /**
   * Messages one conversation takes per day (London's), from both people together; 429 beyond. A lively thread is
   * a few hundred; this stops one participant from making a thread too long to read (30 a minute is 43,200 a day).
   */
  MESSAGES_PER_CONVERSATION_PER_DAY: positiveInt(500),
  /** How long a message may stay unread before its receiver is emailed about the conversation. */
  MESSAGE_NUDGE_DELAY_MS: positiveInt(10 * 60_000),
  /** The least time between two such emails to one person about one conversation. */
  MESSAGE_NUDGE_INTERVAL_MS: positiveInt(60 * 60_000),
  /** How often each replica looks for unread messages due an email that have no job (Redis was away). */
  MESSAGE_NUDGE_SWEEP_MS: positiveInt(60_000),
  /** How long a socket lives before the server closes it so the client reconnects through the gateway's check. */
  SOCKET_REAUTH_MS: positiveInt(15 * 60_000),
  /** How long a new connection has to send socket.io's CONNECT packet (a client sends it at once) before it is closed. */
  SOCKET_CONNECT_TIMEOUT_MS: positiveInt(10_000),
  /** The HMAC-SHA256 key of the unsubscribe links in optional emails (a changed key makes every old link invalid). */
  UNSUBSCRIBE_TOKEN_SECRET: z.string().min(32).default(DEV_UNSUBSCRIBE_TOKEN_SECRET),
  /** The mailto side of `List-Unsubscribe`. Only the header: nothing reads that inbox (see the README). */
  UNSUBSCRIBE_MAILTO: z.email().default('unsubscribe@hunted.local'),
  ...operatorEnv,
  /** How long the text of a sent email is kept in the ledger before the retention job prunes it (the row stays). */
  EMAIL_BODY_RETENTION_DAYS: positiveInt(90),
});

export type MessagingConfig = Omit<z.infer<typeof messagingEnvSchema>, 'SMTP_URL'> & { SMTP_URL: string };

/** Production sends real mail: through a named server, to a real inbox, from an address of the site's domain. */
export const messagingProductionRules: readonly ProductionRule[] = [
  ...serviceProductionRules,
  requiredInProduction('SMTP_URL', 'the mail server to send through'),
  requiredInProduction('SUPPORT_EMAIL', 'the inbox that receives contact messages'),
  notDevelopmentValue('SUPPORT_EMAIL', [DEV_SUPPORT_EMAIL], 'hunted.example receives no mail; name your support inbox'),
  requiredInProduction('MAIL_FROM', "the From address of the site's mail, on a domain your SMTP server may send for"),
  notDevelopmentValue('MAIL_FROM', [DEV_MAIL_FROM], 'use an address of your own domain'),
  ...publicUrlInProduction('for the links in emails'),
  ...operatorInProduction('the receipts'),
  requiredInProduction('UNSUBSCRIBE_TOKEN_SECRET', 'the key that signs the unsubscribe links in emails'),
  notDevelopmentValue('UNSUBSCRIBE_TOKEN_SECRET', [DEV_UNSUBSCRIBE_TOKEN_SECRET], 'generate a random secret of 32 characters or more'),
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  const parsed = loadEnv(messagingEnvSchema, 'messaging', env, messagingProductionRules);
  return { ...parsed, SMTP_URL: parsed.SMTP_URL ?? DEV_SMTP_URL };
}
