import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INTERNAL_SESSION_PATH, SESSION_COOKIE, type SessionUser } from '@hunted/contracts';
import {
  TEST_INTERNAL_AUTH_PRIVATE_KEY,
  TEST_INTERNAL_AUTH_PUBLIC_KEY,
  TEST_REDIS_URL,
  UNREACHABLE_PORT,
  waitFor,
} from '@hunted/platform/testing';
import { createGatewayApp, type GatewayApp, type GatewayAppOptions } from '../../src/app.js';
import { sessionCookieValue } from '../../src/auth/session-resolver.js';
import { gatewayEnvSchema, type GatewayConfig } from '../../src/config.js';

/** Starts a stand-in server on a free port of 127.0.0.1 and gives its base URL. */
export function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** Stops a stand-in at once, keep-alive connections included. */
export function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const SERVICE_URL_KEYS = ['IDENTITY_URL', 'BRANDS_URL', 'REVIEWS_URL', 'BOOKINGS_URL', 'HUNTERS_URL', 'MESSAGING_URL'];

export interface TestGatewaySettings {
  /** Names the test's Redis keys (`test:<name>:<uuid>:`), each config its own unless `REDIS_PREFIX` is given. */
  name: string;
  webDist: string;
  /** Every service's URL, unless a `<SERVICE>_URL` in `env` names another. */
  services?: string;
  env?: Record<string, string>;
}

/** A gateway's config for a test: quiet, on a free port, the test Redis and internal keys, its own key prefix. */
export function testGatewayConfig({ name, webDist, services, env = {} }: TestGatewaySettings): GatewayConfig {
  return gatewayEnvSchema.parse({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `test:${name}:${randomUUID()}:`,
    INTERNAL_AUTH_PRIVATE_KEY: TEST_INTERNAL_AUTH_PRIVATE_KEY,
    INTERNAL_AUTH_PUBLIC_KEY: TEST_INTERNAL_AUTH_PUBLIC_KEY,
    WEB_DIST_DIR: webDist,
    ...(services ? Object.fromEntries(SERVICE_URL_KEYS.map((key) => [key, services])) : {}),
    ...env,
  });
}

export interface StartedGateway {
  gateway: GatewayApp;
  base: string;
}

/**
 * Creates and starts a gateway on a free port. `limitsHold` waits for the rate limiter's Redis connection: limits
 * fail open until it is up, and a test about limits that hold must not start before. `now` is the micro-cache's
 * clock, for a test that moves it by hand.
 */
export async function startTestGateway(
  config: GatewayConfig,
  { limitsHold = false, now }: { limitsHold?: boolean } & GatewayAppOptions = {},
): Promise<StartedGateway> {
  const gateway = await createGatewayApp(config, now ? { now } : {});
  await gateway.app.listen(0, '127.0.0.1');
  if (limitsHold) await waitFor('the rate limiter to reach Redis', () => gateway.runtime.rateLimiter.ping(), 5_000);
  return { gateway, base: `http://127.0.0.1:${(gateway.app.getHttpServer().address() as AddressInfo).port}` };
}

/**
 * Identity's session lookup as the gateway asks it (`GET /internal/session`): the cookie `hunted.sid=<key>` is
 * `users[key]`, any other cookie or none a guest; `/health…` is up, as the gateway's dependency check asks it. Every other
 * path of identity answers 404. For a test of another
 * service through the real gateway, where who is signed in is given, not signed in through OpenID (identity's own
 * tests do that).
 */
export function standInIdentity(users: Record<string, SessionUser>): Server {
  return createServer((req, res) => {
    if (req.url?.startsWith('/health')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end('{"status":"ok"}');
    }
    if (req.url !== INTERNAL_SESSION_PATH) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ message: 'Not found' }));
    }
    const key = sessionCookieValue(req.headers.cookie, SESSION_COOKIE) ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ user: Object.hasOwn(users, key) ? users[key] : null }));
  });
}

export interface GatewayInFrontSettings {
  /** Names the gateway's Redis keys, as for testGatewayConfig. */
  name: string;
  /**
   * The real services behind it, by their variable (`BRANDS_URL`, `MESSAGING_URL`…); the others are unreachable.
   * With `IDENTITY_URL` the real identity answers for sessions too, and no stand-in is started.
   */
  services: Partial<Record<'IDENTITY_URL' | 'BRANDS_URL' | 'REVIEWS_URL' | 'BOOKINGS_URL' | 'HUNTERS_URL' | 'MESSAGING_URL', string>>;
  /** Who each session cookie belongs to (see standInIdentity), when identity is a stand-in. */
  users?: Record<string, SessionUser>;
  env?: Record<string, string>;
}

export interface GatewayInFront extends StartedGateway {
  /** The headers a page of this site sends with a write: its session cookie (if any) and its own Origin. */
  headers(session?: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real gateway in front of real services, as a browser reaches them: the SPA is a one-line index.html, identity
 * (unless `services` names the real one) a stand-in that knows `users` by their session cookie, and every service
 * not named unreachable.
 */
export async function startGatewayInFront({ name, services, users = {}, env = {} }: GatewayInFrontSettings): Promise<GatewayInFront> {
  const identity = services.IDENTITY_URL === undefined ? standInIdentity(users) : undefined;
  const webDist = mkdtempSync(path.join(tmpdir(), `${name}-web-`));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hunted</title><div id="root"></div>');
  const unreachable = `http://127.0.0.1:${UNREACHABLE_PORT}`;
  const config = testGatewayConfig({
    name,
    webDist,
    services: unreachable,
    env: { ...(identity ? { IDENTITY_URL: await listen(identity) } : {}), ...services, ...env },
  });
  const started = await startTestGateway(config);
  return {
    ...started,
    headers: (session) => ({ origin: started.base, ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}) }),
    async close() {
      await started.gateway.app.close();
      if (identity) await close(identity);
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}
