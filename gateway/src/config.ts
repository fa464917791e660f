import { fileURLToPath } from 'node:url';
import proxyAddr from '@fastify/proxy-addr';
import {
  baseEnvSchema,
  httpsInProduction,
  internalPrivateKeySchema,
  isKeyPair,
  loadEnv,
  notDevelopmentPassword,
  passwordInProduction,
  SERVICE_KEEP_ALIVE_TIMEOUT_MS,
  SERVICE_SHUTDOWN_DRAIN_MS,
  requiredInProduction,
  type ProductionRule,
  operatorEnv,
  operatorInProduction,
} from '@hunted/platform';
import { SITEMAP_MAX_URLS } from '@hunted/contracts';
import { z } from 'zod';

const MB = 1024 * 1024;

/** `<repo>/web/dist`, from either gateway/src (tests) or gateway/dist (a build). */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

const httpUrl = () => z.url({ protocol: /^https?$/ });
const serviceUrl = (port: number) => httpUrl().default(`http://127.0.0.1:${port}`);
/**
 * A replicated service's replicas: one address or a comma-separated list (`http://127.0.0.1:3005,http://127.0.0.1:3015`),
 * taken in turn per request. Behind a load balancer (a Kubernetes Service) it is that one address.
 */
const serviceUrls = (port: number) =>
  z
    .string()
    .default(`http://127.0.0.1:${port}`)
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .pipe(
      z
        .array(httpUrl())
        .min(1, 'must be at least one http(s) address')
        .refine((urls) => new Set(urls).size === urls.length, 'names the same address twice'),
    );
const perMinute = (value: number) => z.coerce.number().int().positive().default(value);
const perHour = (value: number) => z.coerce.number().int().positive().default(value);
const bytes = (value: number) => z.coerce.number().int().positive().default(value);

/**
 * Which proxies in front of the gateway to believe about the client (X-Forwarded-For, -Host, -Proto): `false`
 * (none: the gateway is the edge and client-written forwarding headers are ignored), `true` (any peer), or a
 * comma-separated list of the proxies' addresses, CIDR ranges or proxy-addr's names (`loopback`, `linklocal`,
 * `uniquelocal` — the private ranges, which is where an ingress controller's pods connect from in a cluster).
 * A hop count is refused: Fastify 5 cannot check who the nearest hop is with one, so it trusts no proxy at all
 * and every client would look like the ingress (one rate-limit budget for everyone, http instead of https).
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): boolean | string[] => {
    const trimmed = value.trim();
    if (trimmed === 'true') return true;
    if (trimmed === 'false' || trimmed === '') return false;
    if (/^\d+$/.test(trimmed)) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count (${trimmed}) is not supported: name the proxies instead, e.g. uniquelocal or 10.0.0.0/8`,
      });
      return z.NEVER;
    }
    const proxies = trimmed
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0);
    try {
      proxyAddr.compile(proxies);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false or proxy addresses/ranges: ${(error as Error).message}`,
      });
      return z.NEVER;
    }
    return proxies;
  });

export const gatewayEnvSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** The Ed25519 private key (PEM) the gateway signs identity tokens with; only the gateway is given it. */
    INTERNAL_AUTH_PRIVATE_KEY: internalPrivateKeySchema,
    HOST: z.string().default('0.0.0.0'),
    IDENTITY_URL: serviceUrl(3001),
    BRANDS_URL: serviceUrl(3002),
    REVIEWS_URL: serviceUrl(3003),
    HUNTERS_URL: serviceUrl(3004),
    BOOKINGS_URL: serviceUrls(3005),
    MESSAGING_URL: serviceUrls(3006),
    WEB_DIST_DIR: z.string().min(1).default(DEFAULT_WEB_DIST_DIR),
    /** The site's public origin; when set, it is the origin unsafe requests must come from (besides the Host's). */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    TRUST_PROXY: trustProxy,
    RATE_LIMIT_READS_PER_MINUTE: perMinute(600),
    RATE_LIMIT_WRITES_PER_MINUTE: perMinute(60),
    RATE_LIMIT_LOGIN_PER_MINUTE: perMinute(20),
    /** `POST /api/contact`: per client address, and for everyone together (a flood from many addresses). */
    RATE_LIMIT_CONTACT_PER_HOUR: perHour(5),
    RATE_LIMIT_CONTACT_TOTAL_PER_HOUR: perHour(200),
    /**
     * Websocket upgrades (socket.io): per member, and per address whoever's they are (a flood from many accounts, or
     * guests, whose upgrades are refused but still counted). A tab opens one on load, after each drop, and every
     * SOCKET_REAUTH_MS (15 min); the SPA's reconnection backs off to 5 s.
     */
    RATE_LIMIT_SOCKET_UPGRADES_PER_MINUTE: perMinute(30),
    RATE_LIMIT_SOCKET_UPGRADES_PER_ADDRESS_PER_MINUTE: perMinute(120),
    /** Open sockets a member may hold at once (one per tab), counted across gateway replicas in Redis. */
    SOCKETS_PER_MEMBER: z.coerce.number().int().positive().default(10),
    /** Open sockets from one address (an IPv6 /64) at once, whoever's; raise it behind a shared office address. */
    SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
    /**
     * How long an open socket's place in those counts lasts unless its gateway renews it (every third of this): a
     * gateway that dies without closing its sockets stops taking places after this long.
     */
    SOCKET_COUNT_TTL_MS: z.coerce.number().int().min(1_000).default(90_000),
    /** `/api/stripe/webhook`, per client address (Stripe delivers from a few addresses; its retries back off on 429). */
    RATE_LIMIT_WEBHOOK_PER_MINUTE: perMinute(300),
    /**
     * Uploads per member per minute, one budget per kind (decision 0091); the services' daily allowances bound the day.
     * A review carries up to three photos; an edit has up to twelve items, each photo uploaded on its own.
     */
    RATE_LIMIT_REVIEW_UPLOADS_PER_MINUTE: perMinute(5),
    RATE_LIMIT_HUNTER_PHOTO_UPLOADS_PER_MINUTE: perMinute(10),
    RATE_LIMIT_EDIT_PHOTO_UPLOADS_PER_MINUTE: perMinute(20),
    RATE_LIMIT_BOOKING_PHOTO_UPLOADS_PER_MINUTE: perMinute(10),
    RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE: perMinute(10),
    /** A brand form's image, uploaded or fetched from a link (decision 0093). */
    RATE_LIMIT_BRAND_IMAGE_UPLOADS_PER_MINUTE: perMinute(10),
    /** What every route but those below accepts, as the services do. */
    BODY_LIMIT_BYTES: bytes(1 * MB),
    /** The profile edit carries a photo under 5 MB, base64-encoded inline. */
    PROFILE_BODY_LIMIT_BYTES: bytes(8 * MB),
    /** Review posts carry up to three photos under 10 MB each, base64-encoded inline. */
    REVIEW_BODY_LIMIT_BYTES: bytes(45 * MB),
    CSV_UPLOAD_LIMIT_BYTES: bytes(5 * MB),
    /** Stripe's events are a few KB; nothing larger is a real one. */
    WEBHOOK_BODY_LIMIT_BYTES: bytes(256 * 1024),
    /** A service that has not started answering by then gets the client a 504 rather than a hang. */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** Open connections per service; kept alive and reused. */
    UPSTREAM_MAX_SOCKETS: z.coerce.number().int().positive().default(256),
    /**
     * An idle pooled connection to a service is closed after this. It must stay below the services' keep-alive
     * timeout (72 s, `SERVICE_KEEP_ALIVE_TIMEOUT_MS`) and below the time a stopping service waits for its callers to
     * let idle connections go (6 s by default, `SERVICE_SHUTDOWN_DRAIN_MS`), so the gateway never sends a request on a
     * connection the service is closing at that moment (docs/decisions/0029-gateway-keep-alive-and-draining.md).
     */
    UPSTREAM_IDLE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .positive()
      .max(
        Math.min(SERVICE_KEEP_ALIVE_TIMEOUT_MS - 5_000, SERVICE_SHUTDOWN_DRAIN_MS - 1_000),
        `must be at least 1 s below the time a stopping service waits for idle connections to close (${SERVICE_SHUTDOWN_DRAIN_MS} ms)`,
      )
      .default(4_000),
    /**
     * How long a cookie's answer from identity is reused. Bounded: for this long an ended session (a sign-out seen
     * by another replica, a deleted account, whose sessions identity ends at once) is still vouched for.
     */
    SESSION_CACHE_TTL_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(30_000, 'must be at most 30 s: an ended session (a sign-out, a deleted account) is vouched for this long')
      .default(5_000),
    /**
     * The longest a guest's public GET (one its service marks `Cache-Control: public`) is answered again without
     * asking the service; 0 turns the micro-cache off. At most a second: public counts are at most that stale.
     */
    MICRO_CACHE_TTL_MS: z.coerce.number().int().min(0).max(1_000).default(1_000),
    /** How long a session lookup may take before a signed-in request gets a 503 (identity down or hung). */
    SESSION_LOOKUP_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
    /** How long a brand's or hunter's page facts (for its title and share card) are reused. */
    PAGE_FACTS_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
    /** How long a page waits for those facts before it is served with the site's generic title and card. */
    PAGE_FACTS_TIMEOUT_MS: z.coerce.number().int().positive().default(250),
    /** URLs per sitemap file; sitemaps.org allows 50,000 (a lower value splits sooner, as tests do). */
    SITEMAP_URLS_PER_FILE: z.coerce.number().int().positive().max(SITEMAP_MAX_URLS).default(SITEMAP_MAX_URLS),
    ...operatorEnv,
    /** The internal listener for `/health/deps`; published by no Service or Ingress, so not reachable from outside. */
    OPS_PORT: z.coerce.number().int().min(0).max(65535).default(9080),
  })
  .superRefine((env, ctx) => {
    // Caught at start rather than as every signed-in request being refused by the services.
    if (!isKeyPair(env.INTERNAL_AUTH_PRIVATE_KEY, env.INTERNAL_AUTH_PUBLIC_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['INTERNAL_AUTH_PRIVATE_KEY'],
        message: 'is not the private half of INTERNAL_AUTH_PUBLIC_KEY, so services would refuse every token it signs',
      });
    }
  });

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

const serviceUrlRule = (variable: string) => requiredInProduction(variable, 'the default is a service on this machine');

/** The gateway has no database; it needs its Redis, its public https address and where each service is. */
export const gatewayProductionRules: readonly ProductionRule[] = [
  requiredInProduction('REDIS_URL', 'the default is a local Redis'),
  passwordInProduction('REDIS_URL'),
  notDevelopmentPassword('REDIS_URL'),
  requiredInProduction('PUBLIC_URL', 'the address users reach the site at: the origin unsafe requests must come from'),
  httpsInProduction('PUBLIC_URL'),
  ...['IDENTITY_URL', 'BRANDS_URL', 'REVIEWS_URL', 'HUNTERS_URL', 'BOOKINGS_URL', 'MESSAGING_URL'].map(serviceUrlRule),
  ...operatorInProduction('the legal pages'),
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadEnv(gatewayEnvSchema, 'gateway', env, gatewayProductionRules);
}
