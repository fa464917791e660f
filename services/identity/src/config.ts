import { baseEnvSchema, InvalidEnvironmentError, loadEnv } from '@hunted/platform';
import { z } from 'zod';

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-00000000';
const DEV_ADMIN_EMAILS = 'admin@hunted.example';

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean),
);

export const identityEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /** The provider's issuer, as browsers reach it. */
  OIDC_ISSUER_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3100'),
  OIDC_CLIENT_ID: z.string().min(1).default('hunted-dev'),
  OIDC_CLIENT_SECRET: z.string().min(1).default('hunted-dev-secret'),
  /** Where identity itself reaches the provider (discovery, token, userinfo) when the issuer host is browser-only. */
  OIDC_INTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The site's public origin; the OIDC callback is `${PUBLIC_URL}/api/callback`. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SESSION_SECRET),
  /** Emails of admins, comma-separated; `admin@hunted.example` outside production when unset. */
  ADMIN_EMAILS: commaList.optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().max(366).default(7),
});

export type IdentityConfig = Omit<z.infer<typeof identityEnvSchema>, 'ADMIN_EMAILS'> & { ADMIN_EMAILS: string[] };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const parsed = loadEnv(identityEnvSchema, 'identity', env);
  const production = parsed.NODE_ENV === 'production';
  if (production && parsed.SESSION_SECRET === DEV_SESSION_SECRET) {
    throw new InvalidEnvironmentError('identity: SESSION_SECRET must be set to a secret value in production');
  }
  return {
    ...parsed,
    ADMIN_EMAILS: parsed.ADMIN_EMAILS ?? (production ? [] : [DEV_ADMIN_EMAILS]),
  };
}

export function isAdminEmail(config: Pick<IdentityConfig, 'ADMIN_EMAILS'>, email: string): boolean {
  return config.ADMIN_EMAILS.includes(email.trim().toLowerCase());
}

/** The callback URL registered at the provider. */
export function callbackUrlOf(config: Pick<IdentityConfig, 'PUBLIC_URL'>): string {
  return new URL('/api/callback', config.PUBLIC_URL).toString();
}
