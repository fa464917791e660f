import {
  dailyUploadQuotaEnv,
  baseEnvSchema,
  httpsInProduction,
  loadEnv,
  notDevelopmentValue,
  publicUrlInProduction,
  requiredInProduction,
  serviceProductionRules,
  type ProductionRule,
} from '@hunted/platform';
import { DATA_EXPORT_TTL_DAYS } from '@hunted/contracts';
import { z } from 'zod';

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-00000000';
const DEV_ADMIN_EMAILS = 'admin@hunted.example';
/** The development OpenID Provider's client (infra/oidc-provider, `npm start`, docker compose). */
const DEV_OIDC_ISSUER_URL = 'http://localhost:3100';
const DEV_OIDC_CLIENT_ID = 'hunted-dev';
const DEV_OIDC_CLIENT_SECRET = 'hunted-dev-secret';

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean),
);

export const identityEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /** Profile photos a member may upload per London day, and their megabytes (429 beyond; decision 0091). */
  ...dailyUploadQuotaEnv('AVATARS', { perDay: 10, megabytesPerDay: 25 }),
  /** The provider's issuer, as browsers reach it. */
  OIDC_ISSUER_URL: z.url({ protocol: /^https?$/ }).default(DEV_OIDC_ISSUER_URL),
  OIDC_CLIENT_ID: z.string().min(1).default(DEV_OIDC_CLIENT_ID),
  OIDC_CLIENT_SECRET: z.string().min(1).default(DEV_OIDC_CLIENT_SECRET),
  /** Where identity itself reaches the provider (discovery, token, userinfo) when the issuer host is browser-only. */
  OIDC_INTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The site's public origin; the OIDC callback is `${PUBLIC_URL}/api/callback`. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SESSION_SECRET),
  /** Emails of admins, comma-separated; `admin@hunted.example` outside production when unset. */
  ADMIN_EMAILS: commaList.optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().max(366).default(7),
  /** Exports (archives of everything Hunted holds) a member may start per 24 hours (429 beyond; issue 36). */
  DATA_EXPORTS_PER_DAY: z.coerce.number().int().positive().max(100).default(3),
  /** How long a ready archive can be downloaded before every service deletes its part. */
  DATA_EXPORT_TTL_DAYS: z.coerce.number().positive().max(30).default(DATA_EXPORT_TTL_DAYS),
});

export type IdentityConfig = Omit<z.infer<typeof identityEnvSchema>, 'ADMIN_EMAILS'> & { ADMIN_EMAILS: string[] };

/** Production signs in against a real provider, over https, with secrets of its own (see env.ts). */
export const identityProductionRules: readonly ProductionRule[] = [
  ...serviceProductionRules,
  requiredInProduction('OIDC_ISSUER_URL', 'the default is the development sign-in provider'),
  httpsInProduction('OIDC_ISSUER_URL'),
  requiredInProduction('OIDC_CLIENT_ID', 'the client registered at your OpenID Provider'),
  notDevelopmentValue('OIDC_CLIENT_ID', [DEV_OIDC_CLIENT_ID], 'use the client registered at your OpenID Provider'),
  requiredInProduction('OIDC_CLIENT_SECRET', 'the secret of the client registered at your OpenID Provider'),
  notDevelopmentValue('OIDC_CLIENT_SECRET', [DEV_OIDC_CLIENT_SECRET], 'use the secret of your registered client'),
  ...publicUrlInProduction('for the sign-in callback and cookies'),
  requiredInProduction('SESSION_SECRET', 'the key that signs session cookies'),
  notDevelopmentValue('SESSION_SECRET', [DEV_SESSION_SECRET], 'set at least 32 random characters of your own'),
  {
    variable: 'ADMIN_EMAILS',
    check: (value) =>
      value?.split(',').some((email) => email.trim().toLowerCase() === DEV_ADMIN_EMAILS)
        ? `lists ${DEV_ADMIN_EMAILS}, the development administrator; name the real administrators (or none)`
        : null,
  },
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const parsed = loadEnv(identityEnvSchema, 'identity', env, identityProductionRules);
  const production = parsed.NODE_ENV === 'production';
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
