import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { IDENTITY_HEADER, verifyInternalToken } from '@hunted/platform';
import { TEST_INTERNAL_AUTH_PUBLIC_KEY, UNREACHABLE_PORT, waitFor } from '@hunted/platform/testing';
import { close, listen, startTestGateway, testGatewayConfig } from './support/test-gateway.js';
import type { GatewayApp } from '../src/app.js';
import type { GatewayConfig } from '../src/config.js';

interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodySha256: string;
  bodyLength: number;
}

const USERS = {
  alice: { id: 'u-alice', email: 'alice@example.com', firstName: 'Alice', lastName: 'Archer', isAdmin: false, acceptedTerms: ['terms'] },
  root: { id: 'u-root', email: 'admin@hunted.example', firstName: 'Ada', lastName: null, isAdmin: true, acceptedTerms: ['terms'] },
} as const;

/** A stand-in for a service: records what reached it and answers with it, or a chosen status. */
function recordingService(name: string, seen: SeenRequest[]): http.Server {
  return http.createServer((req, res) => {
    const hash = createHash('sha256');
    let length = 0;
    req.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      length += chunk.length;
    });
    req.on('end', () => {
      const record = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, bodySha256: hash.digest('hex'), bodyLength: length };
      seen.push(record);
      const teapot = req.url?.includes('teapot');
      res.writeHead(teapot ? 418 : 200, { 'content-type': 'application/json', 'x-served-by': name, 'set-cookie': 'upstream=1; Path=/' });
      res.end(JSON.stringify({ service: name, ...record }));
    });
  });
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

describe('gateway', () => {
  const seen: SeenRequest[] = [];
  const sessionLookups: string[] = [];
  let identity: http.Server;
  let services: http.Server;
  let messaging: http.Server;
  let webDist: string;
  let gateway: GatewayApp;
  let base: string;
  let host: string;
  let deadPort: number;

  function config(overrides: Record<string, string>): GatewayConfig {
    return testGatewayConfig({ name: 'gateway', webDist, env: overrides });
  }

  const startGateway = (cfg: GatewayConfig) => startTestGateway(cfg);

  beforeAll(async () => {
    identity = http.createServer((req, res) => {
      if (req.url === '/internal/session') {
        const sid = /hunted\.sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
        sessionLookups.push(sid);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ user: USERS[sid as keyof typeof USERS] ?? null }));
        return;
      }
      if (req.url === '/health') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"status":"ok"}');
        return;
      }
      recordingService('identity', seen).emit('request', req, res);
    });
    services = recordingService('upstream', seen);
    messaging = http.createServer((req, res) => recordingService('messaging', seen).emit('request', req, res));
    const sockets = new WebSocketServer({ noServer: true });
    messaging.on('upgrade', (req, socket, head) => {
      sockets.handleUpgrade(req, socket, head, (ws) => {
        ws.send(JSON.stringify({ url: req.url, identity: req.headers[IDENTITY_HEADER] ?? null }));
        ws.on('message', (data) => ws.send(`echo:${data.toString()}`));
      });
    });

    // Never listened on, so no test file running beside this one can come to listen there meanwhile.
    deadPort = UNREACHABLE_PORT;

    webDist = mkdtempSync(path.join(tmpdir(), 'gateway-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hunted</title><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'app-3f9a.js'), 'console.log("hunted")');

    const servicesUrl = await listen(services);
    const cfg = config({
      IDENTITY_URL: await listen(identity),
      BRANDS_URL: servicesUrl,
      REVIEWS_URL: servicesUrl,
      BOOKINGS_URL: servicesUrl,
      HUNTERS_URL: `http://127.0.0.1:${deadPort}`,
      MESSAGING_URL: await listen(messaging),
      BODY_LIMIT_BYTES: String(64 * 1024),
      REVIEW_BODY_LIMIT_BYTES: String(512 * 1024),
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
    });
    ({ gateway, base } = await startGateway(cfg));
    host = new URL(base).host;
  });

  afterAll(async () => {
    await gateway?.app.close();
    await Promise.all([identity, services, messaging].map((server) => server && close(server)));
    rmSync(webDist, { recursive: true, force: true });
  });

  function rawStatus(requestPath: string, headers: http.OutgoingHttpHeaders): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${base}/`, { path: requestPath, headers }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
  }

  const lastSeen = () => seen[seen.length - 1] as SeenRequest;

  describe('proxying', () => {
    it('keeps method, path, query, status and response headers', async () => {
      const response = await fetch(`${base}/api/brands/teapot?category=Menswear&tag=a%20b`, { method: 'DELETE', headers: { cookie: 'hunted.sid=alice' } });
      expect(response.status).toBe(418);
      expect(response.headers.get('x-served-by')).toBe('upstream');
      expect(response.headers.get('set-cookie')).toBe('upstream=1; Path=/');
      expect(lastSeen()).toMatchObject({ method: 'DELETE', url: '/api/brands/teapot?category=Menswear&tag=a%20b' });
    });

    it('streams the body through byte for byte, with its content type', async () => {
      const photo = Buffer.alloc(300 * 1024, 7).toString('base64');
      const body = JSON.stringify({ rating: 5, photos: [photo] });
      const response = await fetch(`${base}/api/brands/3/reviews`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'hunted.sid=alice' }, body });
      expect(response.status).toBe(200);
      expect(lastSeen()).toMatchObject({ method: 'POST', url: '/api/brands/3/reviews', bodySha256: sha256(body), bodyLength: Buffer.byteLength(body) });
      expect(lastSeen().headers['content-type']).toBe('application/json');

      const binary = Buffer.from([0, 255, 1, 254, 10, 13]);
      await fetch(`${base}/api/bookings`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream', cookie: 'hunted.sid=alice' }, body: binary });
      expect(lastSeen()).toMatchObject({ method: 'PUT', bodySha256: sha256(binary), bodyLength: binary.length });
    });

    it('sends reviews and comments of a brand to reviews, the rest of the brand to brands', async () => {
      await fetch(`${base}/api/brands/3/comments`);
      expect(lastSeen().url).toBe('/api/brands/3/comments');
      const response = await fetch(`${base}/api/brands/3/comments`);
      expect(((await response.json()) as { service: string }).service).toBe('upstream');
    });

    it('passes a request id (kept when sent, made when not) and forwarding headers it sets itself', async () => {
      const given = await fetch(`${base}/api/brands`, { headers: { 'x-request-id': 'req-given-1', 'x-forwarded-for': '203.0.113.9' } });
      expect(given.headers.get('x-request-id')).toBe('req-given-1');
      expect(lastSeen().headers['x-request-id']).toBe('req-given-1');
      expect(lastSeen().headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(lastSeen().headers['x-forwarded-proto']).toBe('http');
      expect(lastSeen().headers['x-forwarded-host']).toBe(host);

      const made = await fetch(`${base}/api/brands`, { headers: { 'x-request-id': 'not a valid id <script>' } });
      const id = made.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(lastSeen().headers['x-request-id']).toBe(id);
    });

    it('answers 503 JSON at once when a service is down', async () => {
      const response = await fetch(`${base}/api/hunters`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'The hunters service is not available right now — please try again shortly.' });
    });

    it('answers an unknown /api path with a JSON 404 and never proxies /internal/*', async () => {
      const before = seen.length;
      for (const url of ['/api/nope', '/api', '/internal/session', '/internal/anything/else']) {
        const response = await fetch(`${base}${url}`);
        expect(response.status, url).toBe(404);
        expect(await response.json(), url).toEqual({ message: 'Not found' });
      }
      const lookups = sessionLookups.length;
      // fetch would normalise these paths away, so they go out verbatim over a raw request.
      for (const sneakyPath of ['/api/../internal/session', '/api/brands/%2e%2e/%2e%2e/internal/session']) {
        expect(await rawStatus(sneakyPath, { cookie: 'hunted.sid=alice' }), sneakyPath).toBe(400);
      }
      expect(seen.length).toBe(before);
      expect(sessionLookups.length).toBe(lookups);
    });
  });

  describe('identity at the edge', () => {
    it('forwards a signed token for the session cookie that services can verify', async () => {
      await fetch(`${base}/api/saved-brands`, { headers: { cookie: 'theme=dark; hunted.sid=alice' } });
      const token = lastSeen().headers[IDENTITY_HEADER] as string;
      expect(await verifyInternalToken(token, TEST_INTERNAL_AUTH_PUBLIC_KEY, 'brands')).toEqual(USERS.alice);
      expect(lastSeen().headers.cookie).toBe('theme=dark; hunted.sid=alice');
    });

    it('signs each token for the route’s own service only', async () => {
      await fetch(`${base}/api/brands/3/reviews`, { headers: { cookie: 'hunted.sid=root' } });
      const forReviews = lastSeen().headers[IDENTITY_HEADER] as string;
      expect(lastSeen().url).toBe('/api/brands/3/reviews');
      expect((await verifyInternalToken(forReviews, TEST_INTERNAL_AUTH_PUBLIC_KEY, 'reviews'))?.isAdmin).toBe(true);
      for (const other of ['brands', 'identity', 'hunters', 'bookings', 'messaging']) {
        expect(await verifyInternalToken(forReviews, TEST_INTERNAL_AUTH_PUBLIC_KEY, other), other).toBeNull();
      }
      await fetch(`${base}/api/brands/3`, { headers: { cookie: 'hunted.sid=root' } });
      const forBrands = lastSeen().headers[IDENTITY_HEADER] as string;
      expect(await verifyInternalToken(forBrands, TEST_INTERNAL_AUTH_PUBLIC_KEY, 'brands')).not.toBeNull();
      expect(await verifyInternalToken(forBrands, TEST_INTERNAL_AUTH_PUBLIC_KEY, 'reviews')).toBeNull();
    });

    it('strips an identity header the client sends itself', async () => {
      const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LXJvb3QifQ.forged';
      await fetch(`${base}/api/saved-brands`, { headers: { [IDENTITY_HEADER]: forged } });
      expect(lastSeen().headers[IDENTITY_HEADER]).toBeUndefined();

      await fetch(`${base}/api/saved-brands`, { headers: { [IDENTITY_HEADER]: forged, cookie: 'hunted.sid=alice' } });
      const forwarded = lastSeen().headers[IDENTITY_HEADER] as string;
      expect(forwarded).not.toBe(forged);
      expect((await verifyInternalToken(forwarded, TEST_INTERNAL_AUTH_PUBLIC_KEY, 'brands'))?.id).toBe('u-alice');
    });

    it('refuses admin calls from guests (401) and members (403) before they reach a service', async () => {
      const before = seen.length;
      const guest = await fetch(`${base}/api/admin/brands`);
      expect(guest.status).toBe(401);
      expect(await guest.json()).toEqual({ message: 'Please sign in to continue' });
      const member = await fetch(`${base}/api/admin/contact-submissions`, { headers: { cookie: 'hunted.sid=alice' } });
      expect(member.status).toBe(403);
      expect(await member.json()).toEqual({ message: 'Admin access required' });
      const forgedAdmin = await fetch(`${base}/api/admin/brands/1`, {
        method: 'DELETE',
        headers: { [IDENTITY_HEADER]: 'eyJhbGciOiJub25lIn0.eyJpc0FkbWluIjp0cnVlfQ.', origin: base },
      });
      expect(forgedAdmin.status).toBe(401);
      expect(seen.length).toBe(before);

      const admin = await fetch(`${base}/api/admin/brands?page=2`, { headers: { cookie: 'hunted.sid=root' } });
      expect(admin.status).toBe(200);
      expect(lastSeen().url).toBe('/api/admin/brands?page=2');
      expect((await verifyInternalToken(lastSeen().headers[IDENTITY_HEADER] as string, TEST_INTERNAL_AUTH_PUBLIC_KEY, 'brands'))?.isAdmin).toBe(true);
    });

    it('forwards no identity for an unknown session', async () => {
      await fetch(`${base}/api/brands`, { headers: { cookie: 'hunted.sid=nobody' } });
      expect(lastSeen().headers[IDENTITY_HEADER]).toBeUndefined();
    });

    it('caches the lookup briefly and forgets it after a profile change or sign-out', async () => {
      const cookie = 'hunted.sid=root';
      const lookups = () => sessionLookups.filter((sid) => sid === 'root').length;
      await fetch(`${base}/api/brands`, { headers: { cookie } });
      await fetch(`${base}/api/brands/featured`, { headers: { cookie } });
      expect(lookups()).toBe(1);
      await fetch(`${base}/api/auth/user`, { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: '{"lastName":"L"}' });
      await fetch(`${base}/api/brands`, { headers: { cookie } });
      expect(lookups()).toBeGreaterThanOrEqual(2);
      // An acceptance of the terms changes the session's acceptedTerms claim (decision 0103): asked again after it.
      const beforeAcceptance = lookups();
      await fetch(`${base}/api/account/terms-acceptances`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
      await fetch(`${base}/api/brands`, { headers: { cookie } });
      expect(lookups()).toBeGreaterThan(beforeAcceptance);
      const afterPatch = lookups();
      await fetch(`${base}/api/logout`, { headers: { cookie } });
      await fetch(`${base}/api/brands`, { headers: { cookie } });
      expect(lookups()).toBeGreaterThan(afterPatch);
      expect((await verifyInternalToken(lastSeen().headers[IDENTITY_HEADER] as string, TEST_INTERNAL_AUTH_PUBLIC_KEY, 'brands'))?.isAdmin).toBe(true);
    });
  });

  describe('security', () => {
    it('refuses unsafe requests from another site with 403 JSON', async () => {
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]) {
        const response = await fetch(`${base}/api/brands/3/vote`, { method: 'POST', headers: { ...headers, cookie: 'hunted.sid=alice' } });
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
      }
      const safe = await fetch(`${base}/api/brands/3`, { headers: { origin: 'https://evil.example' } });
      expect(safe.status).toBe(200);
    });

    it('lets same-origin writes and the Stripe webhook through', async () => {
      const ours = await fetch(`${base}/api/brands/3/vote`, { method: 'POST', headers: { origin: base, 'sec-fetch-site': 'same-origin', cookie: 'hunted.sid=alice' } });
      expect(ours.status).toBe(200);
      const stripe = await fetch(`${base}/api/stripe/webhook`, { method: 'POST', headers: { origin: 'https://stripe.com', 'sec-fetch-site': 'cross-site', 'stripe-signature': 't=1,v1=ab' }, body: '{}' });
      expect(stripe.status).toBe(200);
      expect(lastSeen().url).toBe('/api/stripe/webhook');
    });

    it('limits body sizes per route with 413 JSON', async () => {
      const big = 'x'.repeat(100 * 1024);
      const general = await fetch(`${base}/api/brands`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ big }) });
      expect(general.status).toBe(413);
      expect(((await general.json()) as { message: string }).message).toMatch(/too large/);
      const review = await fetch(`${base}/api/brands/3/reviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'hunted.sid=alice' },
        body: JSON.stringify({ big }),
      });
      expect(review.status).toBe(200);
    });

    it('rate-limits sign-in per client with 429, a clear message and Retry-After', async () => {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let attempt = 0; attempt < 4; attempt++) {
        last = await fetch(`${base}/api/login`, { redirect: 'manual' });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await last?.json()).toEqual({ message: 'Too many requests — please wait a moment and try again.' });
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await fetch(`${base}/api/brands`)).status).toBe(200);
    });

    it('sets security headers, including a CSP that lets the SPA run', async () => {
      for (const url of ['/', '/api/brands']) {
        const response = await fetch(`${base}${url}`);
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).toContain("img-src 'self' data: blob: https://*.stripe.com;");
        expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      }
    });
  });

  describe('web app', () => {
    it('serves index.html for deep links, uncached, and for a path the SPA does not know with 404', async () => {
      for (const [url, status] of [['/', 200], ['/brands?x=1', 200], ['/hunters?x=1', 404]] as const) {
        const response = await fetch(`${base}${url}`);
        expect(response.status, url).toBe(status);
        expect(await response.text(), url).toContain('<div id="root">');
        expect(response.headers.get('cache-control'), url).toBe('no-cache');
      }
    });

    it('serves hashed assets as immutable and a missing asset as 404', async () => {
      const asset = await fetch(`${base}/assets/app-3f9a.js`);
      expect(asset.status).toBe(200);
      expect(await asset.text()).toBe('console.log("hunted")');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await fetch(`${base}/assets/gone-1234.js`)).status).toBe(404);
      expect((await fetch(`${base}/..%2f..%2fetc%2fpasswd`)).headers.get('cache-control')).toBe('no-cache');
    });
  });

  describe('socket.io', () => {
    it('proxies the websocket upgrade to messaging with the caller identity', async () => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, { headers: { cookie: 'hunted.sid=alice', origin: base } });
      const messages: string[] = [];
      await new Promise<void>((resolve, reject) => {
        ws.on('message', (data) => {
          messages.push(data.toString());
          if (messages.length === 1) ws.send('ping');
          if (messages.length === 2) resolve();
        });
        ws.on('error', reject);
      });
      ws.close();
      const hello = JSON.parse(messages[0] as string) as { url: string; identity: string };
      expect(hello.url).toBe('/socket.io/?EIO=4&transport=websocket');
      expect((await verifyInternalToken(hello.identity, TEST_INTERNAL_AUTH_PUBLIC_KEY, 'messaging'))?.id).toBe('u-alice');
      expect(messages[1]).toBe('echo:ping');
    });

    it('refuses a websocket opened by another site', async () => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, { headers: { origin: 'https://evil.example' } });
      const status = await new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
      expect(status).toBe(403);
    });

    it("proxies a member's socket.io long-polling over plain HTTP, and refuses a guest's", async () => {
      const response = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers: { cookie: 'hunted.sid=alice' } });
      expect(response.status).toBe(200);
      expect(lastSeen().url).toBe('/socket.io/?EIO=4&transport=polling');
      const before = seen.length;
      const guest = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
      expect(guest.status).toBe(401);
      expect(seen.length).toBe(before);
    });
  });

  describe('health', () => {
    it('answers liveness and a readiness that says up and nothing more', async () => {
      expect((await fetch(`${base}/health`)).status).toBe(200);
      const ready = await fetch(`${base}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok' });
    });

    it('reports dependencies on the internal port only', async () => {
      // On the public port the path is only a page the SPA does not know.
      const outside = await fetch(`${base}/health/deps`);
      expect(outside.status).toBe(404);
      expect(outside.headers.get('content-type')).toContain('text/html');
      expect(await outside.text()).not.toContain('redis');
      const ops = gateway.runtime.opsServer;
      await new Promise<void>((resolve) => ops.listen(0, '127.0.0.1', resolve));
      const deps = await fetch(`http://127.0.0.1:${(ops.address() as AddressInfo).port}/health/deps`);
      // The stand-in services answer every path; hunters points at a dead port.
      expect(deps.status).toBe(503);
      expect(await deps.json()).toEqual({
        status: 'degraded',
        checks: { redis: 'up', identity: 'up', brands: 'up', reviews: 'up', hunters: 'down', bookings: 'up', messaging: 'up' },
      });
    });

    it('serves Prometheus metrics on the internal port only: requests by route template, never by raw path', async () => {
      expect((await fetch(`${base}/api/brands/7`)).status).toBe(200);
      const outside = await fetch(`${base}/metrics`);
      expect(await outside.text()).not.toContain('http_request_duration_seconds');
      const ops = gateway.runtime.opsServer;
      if (!ops.listening) await new Promise<void>((resolve) => ops.listen(0, '127.0.0.1', resolve));
      const scrape = await fetch(`http://127.0.0.1:${(ops.address() as AddressInfo).port}/metrics`);
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(text).toMatch(/http_request_duration_seconds_count\{app="gateway",method="GET",route="\/api\/brands",status="200"\} \d+/);
      expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
      expect(text).not.toContain('/api/brands/7');
    });
  });

  describe('when Redis is down', () => {
    it('keeps serving without rate limits and stays ready', async () => {
      const down = await startGateway(
        config({ REDIS_URL: `redis://127.0.0.1:${deadPort}`, BRANDS_URL: `http://${new URL(lastSeenServiceUrl()).host}`, IDENTITY_URL: `http://127.0.0.1:${deadPort}` }),
      );
      try {
        const response = await fetch(`${down.base}/api/brands`);
        expect(response.status).toBe(200);
        expect((await fetch(`${down.base}/health/ready`)).status).toBe(200);
      } finally {
        await down.gateway.app.close();
      }
    });
  });

  describe('when a service hangs', () => {
    it('answers 504 JSON after UPSTREAM_TIMEOUT_MS instead of hanging', async () => {
      const hanging = http.createServer(() => undefined);
      const slow = await startGateway(config({ BRANDS_URL: await listen(hanging), UPSTREAM_TIMEOUT_MS: '300' }));
      try {
        // The service never answers: an answer at all, a 504 saying so, is the gateway's own timeout.
        const response = await fetch(`${slow.base}/api/brands`);
        expect(response.status).toBe(504);
        expect(await response.json()).toEqual({ message: 'The brands service took too long to answer.' });
      } finally {
        await slow.gateway.app.close();
        await close(hanging);
      }
    });
  });

  describe('when the client leaves before the answer', () => {
    it('lets go of the service request at once, so abandoned slow requests do not pile up', async () => {
      let upstreamClosed = 0;
      let received = 0;
      // Answers nothing until its client goes away, then notes that it did.
      const slowService = http.createServer((req, res) => {
        received += 1;
        res.on('close', () => (upstreamClosed += 1));
      });
      // The gateway's own timeout an hour away: the service request can only end because the client left.
      const slow = await startGateway(config({ BRANDS_URL: await listen(slowService), UPSTREAM_TIMEOUT_MS: '3600000' }));
      try {
        const controller = new AbortController();
        const answer = fetch(`${slow.base}/api/brands`, { signal: controller.signal }).catch((error: unknown) => error);
        await expect.poll(() => received).toBe(1);
        expect(upstreamClosed).toBe(0);
        controller.abort();
        await answer;
        await waitFor('the service request let go', () => upstreamClosed === 1);
        // The gateway still answers the next caller.
        expect((await fetch(`${slow.base}/health`)).status).toBe(200);
      } finally {
        await slow.gateway.app.close();
        await close(slowService);
      }
    });
  });

  function lastSeenServiceUrl(): string {
    return `http://127.0.0.1:${(services.address() as AddressInfo).port}`;
  }

  describe('web app not built', () => {
    it('says so with a 503', async () => {
      const empty = mkdtempSync(path.join(tmpdir(), 'gateway-empty-'));
      const bare = await startGateway(config({ WEB_DIST_DIR: empty, IDENTITY_URL: `http://127.0.0.1:${deadPort}` }));
      try {
        const response = await fetch(`${bare.base}/brand/3/x`);
        expect(response.status).toBe(503);
        expect(await response.text()).toMatch(/web app is not built/);
      } finally {
        await bare.gateway.app.close();
        rmSync(empty, { recursive: true, force: true });
      }
    });
  });
});
