import { fileURLToPath } from 'node:url';
import { baseEnvSchema, loadEnv } from '@hunted/platform';
import { z } from 'zod';

const MB = 1024 * 1024;

/** `<repo>/web/dist`, from either gateway/src (tests) or gateway/dist (a build). */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const serviceUrl = (port: number) => z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${port}`);
const perMinute = (value: number) => z.coerce.number().int().positive().default(value);
const bytes = (value: number) => z.coerce.number().int().positive().default(value);

/**
 * How many proxies in front of the gateway to believe about the client's address: `false` (the gateway is the
 * edge; X-Forwarded-For from clients is ignored), `true` (believe all), or a hop count.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): boolean | number => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    const hops = Number(value);
    if (Number.isInteger(hops) && hops >= 0) return hops;
    ctx.addIssue({ code: 'custom', message: 'must be true, false or a number of proxy hops' });
    return z.NEVER;
  });

export const gatewayEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  IDENTITY_URL: serviceUrl(3001),
  BRANDS_URL: serviceUrl(3002),
  REVIEWS_URL: serviceUrl(3003),
  HUNTERS_URL: serviceUrl(3004),
  BOOKINGS_URL: serviceUrl(3005),
  MESSAGING_URL: serviceUrl(3006),
  WEB_DIST_DIR: z.string().min(1).default(DEFAULT_WEB_DIST_DIR),
  /** The site's public origin; when set, it is the origin unsafe requests must come from (besides the Host's). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_READS_PER_MINUTE: perMinute(600),
  RATE_LIMIT_WRITES_PER_MINUTE: perMinute(60),
  RATE_LIMIT_LOGIN_PER_MINUTE: perMinute(20),
  BODY_LIMIT_BYTES: bytes(8 * MB),
  /** Review posts carry up to three photos under 10 MB each, base64-encoded inline. */
  REVIEW_BODY_LIMIT_BYTES: bytes(45 * MB),
  CSV_UPLOAD_LIMIT_BYTES: bytes(5 * MB),
  /** A service that has not started answering by then gets the client a 504 rather than a hang. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Open connections per service; kept alive and reused. */
  UPSTREAM_MAX_SOCKETS: z.coerce.number().int().positive().default(256),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5_000),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadEnv(gatewayEnvSchema, 'gateway', env);
}
