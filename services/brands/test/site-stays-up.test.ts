import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE, streamOfEventType, type SessionUser } from '@hunted/contracts';
import {
  PrivateRedis,
  TEST_INTERNAL_AUTH_PRIVATE_KEY,
  TEST_INTERNAL_AUTH_PUBLIC_KEY,
  UNREACHABLE_PORT,
} from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The gateway is not a service: starting the real one beside brands is what shows the site staying up.
import { createGatewayApp, type GatewayApp } from '../../../gateway/src/app.js';
import { gatewayEnvSchema } from '../../../gateway/src/config.js';
import { standInIdentity } from '../../../gateway/test/support/test-gateway.js';
import { insertBrand, startBrands, type RunningBrands } from './support.js';

/**
 * The site through a real gateway and a real brands service while a dependency is away: identity not running,
 * identity hung (accepts connections, never answers), Redis stopped. Readiness must stay up, guests must be
 * served, and a signed-in request must get a clear 503 quickly rather than hang.
 */

const IDENTITY_UNAVAILABLE = 'We could not check your sign-in just now — please try again in a moment.';
const LOOKUP_TIMEOUT_MS = 1_000;
const ALICE: SessionUser = { id: 'u-alice', email: 'alice@example.com', firstName: 'Alice', lastName: null, isAdmin: false, acceptedTerms: ['terms', 'hunterTerms'] };

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

interface RunningGateway {
  gateway: GatewayApp;
  base: string;
  deps: string;
  stop(): Promise<void>;
}

describe('the site while a dependency is away', () => {
  const redis = new PrivateRedis();
  let brands: RunningBrands;
  let brandId: number;
  let webDist: string;
  let deadUrl: string;
  /** A stand-in identity that knows one session; identity's own tests cover the real lookup. */
  let identity: http.Server;
  /** Takes connections and never answers: a hung identity. */
  let hungIdentity: http.Server;
  /** Requests the hung identity was sent. */
  let hungIdentityAsked = 0;
  const gateways: RunningGateway[] = [];

  async function startGateway(env: Record<string, string>): Promise<RunningGateway> {
    const config = gatewayEnvSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      REDIS_URL: redis.url,
      REDIS_PREFIX: `test:stays-up:${process.pid}:`,
      INTERNAL_AUTH_PRIVATE_KEY: TEST_INTERNAL_AUTH_PRIVATE_KEY,
      INTERNAL_AUTH_PUBLIC_KEY: TEST_INTERNAL_AUTH_PUBLIC_KEY,
      WEB_DIST_DIR: webDist,
      BRANDS_URL: brands.base,
      IDENTITY_URL: deadUrl,
      REVIEWS_URL: deadUrl,
      HUNTERS_URL: deadUrl,
      BOOKINGS_URL: deadUrl,
      MESSAGING_URL: deadUrl,
      SESSION_LOOKUP_TIMEOUT_MS: String(LOOKUP_TIMEOUT_MS),
      ...env,
    });
    const gateway = await createGatewayApp(config);
    await gateway.app.listen(0, '127.0.0.1');
    const ops = gateway.runtime.opsServer;
    await new Promise<void>((resolve) => ops.listen(0, '127.0.0.1', resolve));
    const running = {
      gateway,
      base: `http://127.0.0.1:${(gateway.app.getHttpServer().address() as AddressInfo).port}`,
      deps: `http://127.0.0.1:${(ops.address() as AddressInfo).port}/health/deps`,
      stop: () => gateway.app.close(),
    };
    gateways.push(running);
    return running;
  }

  const vote = (base: string, sid: string) =>
    fetch(`${base}/api/brands/${brandId}/vote`, { method: 'POST', headers: { cookie: `${SESSION_COOKIE}=${sid}` } });

  async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
    const startedAt = Date.now();
    const value = await work();
    return { value, ms: Date.now() - startedAt };
  }

  beforeAll(async () => {
    await redis.start();
    brands = await startBrands('brands_stays_up', { REDIS_URL: redis.url });
    brandId = await insertBrand(brands.db, 'brands_stays_up', { name: 'Fen & Fable' });
    webDist = mkdtempSync(path.join(tmpdir(), 'stays-up-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hunted</title><div id="root"></div>');
    // Never listened on, so no test file running beside this one can come to listen there meanwhile.
    deadUrl = `http://127.0.0.1:${UNREACHABLE_PORT}`;
    identity = standInIdentity({ alice: ALICE });
    hungIdentity = http.createServer(() => void (hungIdentityAsked += 1));
    await Promise.all([listen(identity), listen(hungIdentity)]);
  });

  afterAll(async () => {
    await Promise.all(gateways.map((running) => running.stop()));
    await brands?.stop();
    await Promise.all([identity, hungIdentity].map((server) => (server?.listening ? close(server) : undefined)));
    await redis.destroy();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('identity not running', () => {
    let site: RunningGateway;
    beforeAll(async () => {
      // A lookup timeout of an hour: a 503 at all means the refused connection was not waited on.
      site = await startGateway({ IDENTITY_URL: deadUrl, SESSION_LOOKUP_TIMEOUT_MS: '3600000' });
    });

    it('serves guests the SPA and the public reads, and stays ready', async () => {
      const page = await fetch(`${site.base}/brand/${brandId}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      expect((await fetch(`${site.base}/api/brands`)).status).toBe(200);
      const brand = await fetch(`${site.base}/api/brands/${brandId}`);
      expect(brand.status).toBe(200);
      expect(await brand.json()).toMatchObject({ name: 'Fen & Fable' });

      const ready = await fetch(`${site.base}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok' });
      expect((await fetch(`${brands.base}/health/ready`)).status).toBe(200);
    });

    it('answers a signed-in request with a clear 503 at once', async () => {
      const response = await vote(site.base, 'alice');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: IDENTITY_UNAVAILABLE });
    });

    it('tells the alerts, on the internal port, that identity is down', async () => {
      const deps = await fetch(site.deps);
      expect(deps.status).toBe(503);
      expect(await deps.json()).toMatchObject({ status: 'degraded', checks: { identity: 'down', brands: 'up', redis: 'up' } });
    });
  });

  describe('identity hung', () => {
    it('answers signed-in requests 503 within the lookup timeout, even more of them than the pool has sockets', async () => {
      // Two sockets to identity: the third caller onwards waits for one; the deadline must count that wait too.
      const site = await startGateway({ IDENTITY_URL: urlOf(hungIdentity), UPSTREAM_MAX_SOCKETS: '2' });
      // All six get the 503 (identity never answers, so it is the lookup's deadline), none before the deadline. That
      // the deadline counts the wait for one of the two sockets, so the last four are not held two or three
      // deadlines, is getJson's, shown on a moved clock in gateway/test/upstream-agent.test.ts.
      const { value: responses, ms } = await timed(() => Promise.all(['s1', 's2', 's3', 's4', 's5', 's6'].map((sid) => vote(site.base, sid))));
      expect(responses.map((response) => response.status)).toEqual(Array(6).fill(503));
      expect(await responses[5]!.json()).toEqual({ message: IDENTITY_UNAVAILABLE });
      expect(ms).toBeGreaterThanOrEqual(LOOKUP_TIMEOUT_MS - 50);

      // Guests do not wait on identity at all: it is not even asked.
      const askedBefore = hungIdentityAsked;
      const guest = await fetch(`${site.base}/api/brands/${brandId}`);
      expect(guest.status).toBe(200);
      // The SPA asks who is signed in on every page load: a guest hears 'nobody' from the gateway at once.
      const whoAmI = await fetch(`${site.base}/api/auth/user`);
      expect(whoAmI.status).toBe(401);
      expect(hungIdentityAsked).toBe(askedBefore);
      expect((await fetch(`${site.base}/health/ready`)).status).toBe(200);
    });
  });

  describe('Redis stopped', () => {
    it('keeps serving guests and members, stays ready, and the events wait in the outbox', async () => {
      const site = await startGateway({ IDENTITY_URL: urlOf(identity) });
      expect((await vote(site.base, 'alice')).status).toBe(201);

      await redis.stop();

      // Answered while Redis is away (it is back only at the end): nothing on the way waited for it.
      const guest = await fetch(`${site.base}/api/brands?limit=5`);
      expect(guest.status).toBe(200);
      expect((await fetch(`${site.base}/health/ready`)).status).toBe(200);
      expect((await fetch(`${brands.base}/health/ready`)).status).toBe(200);

      const submitted = await fetch(`${site.base}/api/brands`, {
        method: 'POST',
        headers: { cookie: `${SESSION_COOKIE}=alice`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Outage Outfitters',
          description: 'Made while Redis was away.',
          category: 'Home',
          location: 'UK',
          delivery: 'Local Only',
          imageUrl: '/demo-brands/outage.svg',
          websiteUrl: 'https://outage.example',
        }),
      });
      expect(submitted.status).toBe(201);
      const unpublished = await brands.query(`select id from $S.outbox where published_at is null and type = 'brands.brand.created'`);
      expect(unpublished.rowCount).toBe(1);

      const serviceDeps = await fetch(`${brands.base}/health/deps`);
      expect(serviceDeps.status).toBe(503);
      expect(await serviceDeps.json()).toEqual({ status: 'degraded', checks: { postgres: 'up', redis: 'down' } });
      const gatewayDeps = await fetch(site.deps);
      expect(gatewayDeps.status).toBe(503);
      expect(await gatewayDeps.json()).toMatchObject({ checks: { redis: 'down', brands: 'up', identity: 'up' } });

      // A brands instance started during the outage comes up too (its job schedules wait for Redis, it does not),
      // and stops in bounded time (its queues' close would otherwise wait for Redis for ever): both finish while
      // Redis is still stopped, so neither waited for it.
      const late = await startBrands('brands_stays_up_late', { REDIS_URL: redis.url });
      expect((await fetch(`${late.base}/health/ready`)).status).toBe(200);
      await late.stop();

      await redis.start();
      await expect
        .poll(async () => (await brands.query(`select 1 from $S.outbox where published_at is null`)).rowCount, { timeout: 15_000 })
        .toBe(0);
      const client = new Redis(redis.url);
      try {
        const entries = await client.xrange(`${brands.config.REDIS_PREFIX}${streamOfEventType('brands.brand.created')}`, '-', '+');
        expect(entries.some(([, fields]) => fields.join(' ').includes('Outage Outfitters'))).toBe(true);
      } finally {
        client.disconnect();
      }
      await expect
        .poll(async () => ((await (await fetch(site.deps)).json()) as { checks: Record<string, string> }).checks.redis, { timeout: 10_000 })
        .toBe('up');
    });
  });

  function urlOf(server: http.Server): string {
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
