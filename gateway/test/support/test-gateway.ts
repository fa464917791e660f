import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_INTERNAL_AUTH_PRIVATE_KEY, TEST_INTERNAL_AUTH_PUBLIC_KEY, TEST_REDIS_URL, waitFor } from '@hunted/platform/testing';
import { createGatewayApp, type GatewayApp, type GatewayAppOptions } from '../../src/app.js';
import { gatewayEnvSchema, type GatewayConfig } from '../../src/config.js';

/** Starts a stand-in server on a free port of 127.0.0.1 and gives its base URL. */
export function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** Stops a stand-in at once, keep-alive connections included. */
export function close(server: http.Server): Promise<void> {
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
