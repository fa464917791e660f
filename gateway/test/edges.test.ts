import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { waitFor } from '@hunted/platform/testing';
import { close, listen, startTestGateway, testGatewayConfig } from './support/test-gateway.js';
import type { GatewayApp } from '../src/app.js';
import type { GatewayConfig } from '../src/config.js';

/**
 * The gateway's edges with real sockets: writes refused before their body is read, budgets per user and per
 * address, the admin pre-check on odd spellings of a path, X-Forwarded-Host only behind a trusted proxy, and the
 * pool's handling of idle and reset connections to a service.
 */

const USERS = {
  alice: { id: 'u-alice', email: 'alice@example.com', firstName: 'Alice', lastName: null, isAdmin: false, acceptedTerms: ['terms'] },
  bob: { id: 'u-bob', email: 'bob@example.com', firstName: 'Bob', lastName: null, isAdmin: false, acceptedTerms: ['terms'] },
} as const;

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyLength: number;
}

/** A service stand-in that reads the whole body, then answers 200 with what it saw. */
function recordingService(seen: Seen[]): http.Server {
  return http.createServer((req, res) => {
    let bodyLength = 0;
    req.on('data', (chunk: Buffer) => (bodyLength += chunk.length));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bodyLength });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
}

/** Identity's session lookup: `hunted.sid=<name>` is that user, any other cookie no session at all. */
function identityService(seen: Seen[]): http.Server {
  const publicRoutes = recordingService(seen);
  return http.createServer((req, res) => {
    if (req.url !== '/internal/session') return void publicRoutes.emit('request', req, res);
    const sid = /hunted\.sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ user: USERS[sid as keyof typeof USERS] ?? null }));
  });
}

interface RawAnswer {
  head: string;
}

/**
 * Starts a POST declaring `declaredLength` bytes, sends the first 16 KB of its body and then nothing more until an
 * answer arrives: an answer can only come at all if the gateway did not wait for the body (had it waited, none would
 * come and the test would time out), however fast or slow the machine.
 */
function slowUpload(base: string, requestPath: string, declaredLength: number, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    let answer = '';
    const finish = () => {
      socket.destroy();
      if (!answer) reject(new Error(`the connection closed with no answer after ${chunk.length} of ${declaredLength} bytes`));
      else resolve({ head: answer });
    };
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      if (answer.includes('\r\n\r\n')) finish();
    });
    socket.on('error', () => undefined);
    socket.on('close', finish);
    const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(
      `POST ${requestPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${declaredLength}\r\n${extra}\r\n`,
    );
    socket.write(chunk);
  });
}

/** A request sent verbatim (fetch would normalise the path), with optional headers; answers status and body. */
function rawRequest(base: string, method: string, requestPath: string, headers: http.OutgoingHttpHeaders = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/`, { method, path: requestPath, headers, agent: false }, (response) => {
      let body = '';
      response.on('data', (data: Buffer) => (body += data.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('gateway edges', () => {
  const seen: Seen[] = [];
  const servers: http.Server[] = [];
  const gateways: GatewayApp[] = [];
  let webDist: string;
  let identityUrl: string;
  let servicesUrl: string;

  function config(overrides: Record<string, string> = {}): GatewayConfig {
    return testGatewayConfig({
      name: 'gateway-edges',
      webDist,
      services: servicesUrl,
      env: { IDENTITY_URL: identityUrl, REVIEW_BODY_LIMIT_BYTES: String(45 * 1024 * 1024), ...overrides },
    });
  }

  async function startGateway(overrides: Record<string, string> = {}): Promise<string> {
    const started = await startTestGateway(config(overrides), { limitsHold: true });
    gateways.push(started.gateway);
    return started.base;
  }

  async function startServer(server: http.Server): Promise<string> {
    servers.push(server);
    return listen(server);
  }

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'gateway-edges-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    identityUrl = await startServer(identityService(seen));
    servicesUrl = await startServer(recordingService(seen));
  });

  afterAll(async () => {
    for (const gateway of gateways) await gateway.app.close();
    await Promise.all(servers.map(close));
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('writes without a session', () => {
    let base: string;
    beforeAll(async () => {
      base = await startGateway();
    });

    it('are answered 401 while the client is still sending a 40 MB review, and nothing reaches the service', async () => {
      const before = seen.length;
      const declared = 40 * 1024 * 1024;
      for (const headers of [{}, { cookie: 'hunted.sid=expired-or-made-up' }]) {
        const answer = await slowUpload(base, '/api/brands/3/reviews', declared, headers);
        expect(answer.head).toMatch(/^HTTP\/1\.1 401 /);
        expect(answer.head.toLowerCase()).toContain('connection: close');
      }
      expect(seen.length).toBe(before);
    });

    it('are refused on every signed-in route and method, with the sign-in message', async () => {
      for (const [method, url] of [
        ['POST', '/api/brands'],
        ['POST', '/api/brands/3/vote'],
        ['DELETE', '/api/brands/3/save'],
        ['PATCH', '/api/auth/user'],
        ['PUT', '/api/admin/brands/3'],
        ['POST', '/api/conversations/5/messages'],
        ['POST', '/socket.io/?EIO=4&transport=polling'],
      ] as const) {
        const response = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(response.status, `${method} ${url}`).toBe(401);
        expect(await response.json()).toEqual({ message: 'Please sign in to continue' });
      }
    });

    it("go through where the service's route is public, and a member's writes go through everywhere", async () => {
      for (const [url, cookie] of [
        ['/api/contact', ''],
        ['/api/brands/3/view', ''],
        ['/api/logout', ''],
        ['/api/stripe/webhook', ''],
        ['/api/brands/3/vote', 'hunted.sid=alice'],
        ['/api/brands/3/reviews', 'hunted.sid=alice'],
      ] as const) {
        // Stripe signs its deliveries; the gateway refuses an unsigned one itself (stripe-webhook-route.test.ts).
        const headers: Record<string, string> = cookie ? { cookie } : {};
        if (url === '/api/stripe/webhook') headers['stripe-signature'] = 't=1,v1=ab';
        const response = await fetch(`${base}${url}`, { method: 'POST', headers, body: '{}' });
        expect(response.status, url).toBe(200);
        expect(seen.at(-1)?.url).toBe(url);
      }
      // Reads stay the service's business: a guest's read of a member route is passed on.
      expect((await fetch(`${base}/api/saved-brands`)).status).toBe(200);
    });
  });

  describe('the admin pre-check', () => {
    it('refuses admin calls however the path is spelled, before a service sees them', async () => {
      const base = await startGateway();
      const before = seen.length;
      for (const url of ['/api//admin/brands', '/api/admin//brands', '/api///admin/brands/', '/api//admin//contact-submissions']) {
        const guest = await rawRequest(base, 'GET', url);
        expect(guest.status, url).toBe(401);
        const member = await rawRequest(base, 'GET', url, { cookie: 'hunted.sid=alice' });
        expect(member.status, url).toBe(403);
        expect(JSON.parse(member.body)).toEqual({ message: 'Admin access required' });
      }
      // An encoded letter matches no row of the table, so it is not proxied at all.
      expect((await rawRequest(base, 'GET', '/api/%61dmin/brands', { cookie: 'hunted.sid=alice' })).status).toBe(404);
      expect(seen.length).toBe(before);
    });
  });

  describe('X-Forwarded-Host', () => {
    const evil = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', cookie: 'hunted.sid=alice' };

    it('is ignored without TRUST_PROXY: it neither vouches for an Origin nor reaches the service', async () => {
      const base = await startGateway({ TRUST_PROXY: 'false' });
      const write = await fetch(`${base}/api/brands/3/vote`, { method: 'POST', headers: evil });
      expect(write.status).toBe(403);
      await fetch(`${base}/api/brands`, { headers: { 'x-forwarded-host': 'evil.example' } });
      expect(seen.at(-1)?.headers['x-forwarded-host']).toBe(new URL(base).host);
    });

    it('names the site when TRUST_PROXY names the proxy we are talking to', async () => {
      const base = await startGateway({ TRUST_PROXY: 'loopback' });
      const headers = { origin: 'https://hunted.example', 'x-forwarded-host': 'hunted.example', cookie: 'hunted.sid=alice' };
      const write = await fetch(`${base}/api/brands/3/vote`, { method: 'POST', headers });
      expect(write.status).toBe(200);
      expect(seen.at(-1)?.headers['x-forwarded-host']).toBe('hunted.example');
    });
  });

  describe('X-Forwarded-Host on websocket upgrades', () => {
    /** Opens a socket.io websocket as a browser on hunted.example behind a proxy would; resolves the outcome. */
    async function openFromProxiedSite(trustProxy: string): Promise<string> {
      const messaging = http.createServer();
      const sockets = new WebSocketServer({ noServer: true });
      messaging.on('upgrade', (req, socket, head) => {
        sockets.handleUpgrade(req, socket, head, (ws) => ws.send(String(req.headers['x-forwarded-host'])));
      });
      const base = await startGateway({ TRUST_PROXY: trustProxy, MESSAGING_URL: await startServer(messaging) });
      const ws = new WebSocket(`${base.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, {
        headers: { origin: 'https://hunted.example', 'x-forwarded-host': 'hunted.example', cookie: 'hunted.sid=alice' },
      });
      return new Promise((resolve) => {
        ws.on('message', (data) => {
          resolve(`open, service saw host ${data.toString()}`);
          ws.close();
        });
        ws.on('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
        ws.on('error', () => resolve('error'));
      });
    }

    it('is believed from a trusted proxy only, as for ordinary requests', async () => {
      expect(await openFromProxiedSite('false')).toBe('refused 403');
      expect(await openFromProxiedSite('loopback')).toBe('open, service saw host hunted.example');
    });
  });

  describe('rate limits', () => {
    it("count a member's writes under their own name and guests' under their address", async () => {
      const base = await startGateway({ RATE_LIMIT_WRITES_PER_MINUTE: '3' });
      const post = (url: string, cookie?: string) => fetch(`${base}${url}`, { method: 'POST', headers: cookie ? { cookie } : {} }).then((r) => r.status);
      const alice = [];
      for (let i = 0; i < 4; i++) alice.push(await post('/api/brands/3/vote', 'hunted.sid=alice'));
      expect(alice).toEqual([200, 200, 200, 429]);
      // Same address, another member and a guest: each has a budget of their own.
      expect(await post('/api/brands/3/vote', 'hunted.sid=bob')).toBe(200);
      const guest = [];
      for (let i = 0; i < 4; i++) guest.push(await post('/api/brands/3/view'));
      expect(guest).toEqual([200, 200, 200, 429]);
    });

    it('count IPv6 guests per /64 network', async () => {
      const base = await startGateway({ RATE_LIMIT_WRITES_PER_MINUTE: '2', TRUST_PROXY: 'true' });
      const from = (address: string) => fetch(`${base}/api/brands/3/view`, { method: 'POST', headers: { 'x-forwarded-for': address } }).then((r) => r.status);
      expect(await from('2001:db8:5:1::a')).toBe(200);
      expect(await from('2001:db8:5:1:ffff::b')).toBe(200);
      expect(await from('2001:db8:5:1::c')).toBe(429);
      expect(await from('2001:db8:5:2::a')).toBe(200);
    });

    it('limit the contact form per address and in total, with a message of its own', async () => {
      const base = await startGateway({ TRUST_PROXY: 'true', RATE_LIMIT_CONTACT_PER_HOUR: '2', RATE_LIMIT_CONTACT_TOTAL_PER_HOUR: '3' });
      const send = (address: string) =>
        fetch(`${base}/api/contact`, { method: 'POST', headers: { 'x-forwarded-for': address, 'content-type': 'application/json' }, body: '{}' });
      expect((await send('198.51.100.1')).status).toBe(200);
      expect((await send('198.51.100.1')).status).toBe(200);
      const third = await send('198.51.100.1');
      expect(third.status).toBe(429);
      expect(await third.json()).toEqual({ message: 'Too many messages have been sent just now — please try again later.' });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(60);
      expect((await send('198.51.100.2')).status).toBe(200);
      // Three sent in all this hour: the next sender is refused although they have sent nothing.
      expect((await send('198.51.100.3')).status).toBe(429);
      // Other writes from the same address are not affected.
      expect((await fetch(`${base}/api/brands/3/view`, { method: 'POST', headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(200);
    });

    it('give each upload kind its own per-member budget, spent by its writes only, with a message of its own', async () => {
      const base = await startGateway({ RATE_LIMIT_BOOKING_PHOTO_UPLOADS_PER_MINUTE: '2', RATE_LIMIT_EDIT_PHOTO_UPLOADS_PER_MINUTE: '1' });
      const send = (method: string, url: string, cookie: string) =>
        fetch(`${base}${url}`, { method, headers: { cookie, 'content-type': 'application/json' }, ...(method === 'GET' ? {} : { body: '{}' }) });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await send('POST', '/api/booking-photos', 'hunted.sid=alice')).status);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await send('POST', '/api/booking-photos', 'hunted.sid=alice');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: 'Too many uploads in a minute — please wait a moment and try again.' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another member's budget is their own; the member's other uploads, writes and the photos' reads are not affected.
      expect((await send('POST', '/api/booking-photos', 'hunted.sid=bob')).status).toBe(200);
      expect((await send('POST', '/api/hunter-edits/photos', 'hunted.sid=alice')).status).toBe(200);
      expect((await send('POST', '/api/hunter-edits/photos', 'hunted.sid=alice')).status).toBe(429);
      expect((await send('POST', '/api/brands/3/vote', 'hunted.sid=alice')).status).toBe(200);
      expect((await send('GET', '/api/media/booking-photos/00000000-0000-4000-8000-000000000000', 'hunted.sid=alice')).status).toBe(200);
    });

    it('leave the upload budgets at their defaults per member a minute', () => {
      const defaults = config();
      expect(defaults.RATE_LIMIT_REVIEW_UPLOADS_PER_MINUTE).toBe(5);
      expect(defaults.RATE_LIMIT_HUNTER_PHOTO_UPLOADS_PER_MINUTE).toBe(10);
      expect(defaults.RATE_LIMIT_EDIT_PHOTO_UPLOADS_PER_MINUTE).toBe(20);
      expect(defaults.RATE_LIMIT_BOOKING_PHOTO_UPLOADS_PER_MINUTE).toBe(10);
      expect(defaults.RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE).toBe(10);
      expect(defaults.RATE_LIMIT_BRAND_IMAGE_UPLOADS_PER_MINUTE).toBe(10);
    });

    it('leave the defaults at 5 contact messages an hour per address and 200 in total', () => {
      const defaults = config();
      expect(defaults.RATE_LIMIT_CONTACT_PER_HOUR).toBe(5);
      expect(defaults.RATE_LIMIT_CONTACT_TOTAL_PER_HOUR).toBe(200);
    });
  });

  describe('connections to services', () => {
    it('lets an idle pooled connection go after UPSTREAM_IDLE_TIMEOUT_MS, before the service would', async () => {
      // Who hung up: the gateway's end arrives as 'end' on the service's socket before it closes. The service
      // would keep it 60 s, past the test's own timeout, so a close at all is the gateway's doing.
      const closes: { endedByGateway: boolean }[] = [];
      const service = http.createServer((_req, res) => res.end('{}'));
      service.keepAliveTimeout = 60_000;
      service.on('connection', (socket: net.Socket) => {
        let ended = false;
        socket.once('end', () => (ended = true));
        socket.once('close', () => closes.push({ endedByGateway: ended }));
      });
      const base = await startGateway({ BRANDS_URL: await startServer(service), UPSTREAM_IDLE_TIMEOUT_MS: '300' });
      expect((await fetch(`${base}/api/brands`)).status).toBe(200);
      await waitFor('the idle connection closed', () => closes.length === 1);
      expect(closes).toEqual([{ endedByGateway: true }]);
    });

    it('refuses an idle timeout that would outlive a stopping service\'s wait for idle connections', () => {
      expect(() => config({ UPSTREAM_IDLE_TIMEOUT_MS: '72000' })).toThrow(/stopping service waits/);
    });

    it('sends a GET again once when its pooled connection is reset before any answer; never a POST', async () => {
      const received: string[] = [];
      // Answers the first request on each connection; the second on a connection, and any POST, is met with a reset.
      const service = http.createServer((req, res) => {
        const socket = req.socket as net.Socket & { served?: number };
        socket.served = (socket.served ?? 0) + 1;
        received.push(`${req.method} ${req.url} #${socket.served}`);
        if (socket.served > 1 || req.method === 'POST') {
          socket.resetAndDestroy();
          return;
        }
        req.resume();
        req.on('end', () => res.end(JSON.stringify({ method: req.method })));
      });
      const base = await startGateway({ BRANDS_URL: await startServer(service) });
      expect((await fetch(`${base}/api/brands/1`)).status).toBe(200);
      const retried = await fetch(`${base}/api/brands/2`);
      expect(retried.status).toBe(200);
      expect(received).toEqual(['GET /api/brands/1 #1', 'GET /api/brands/2 #2', 'GET /api/brands/2 #1']);

      received.length = 0;
      const post = await fetch(`${base}/api/brands/3/vote`, { method: 'POST', headers: { cookie: 'hunted.sid=alice' } });
      expect(post.status).toBe(502);
      expect(received).toEqual([expect.stringMatching(/^POST \/api\/brands\/3\/vote #\d$/)]);
    });

    it('passes a large chunked answer through whole, and repeated headers as the service sent them', async () => {
      const piece = Buffer.alloc(64 * 1024, 'x');
      const pieces = 128;
      const service = http.createServer((_req, res) => {
        res.writeHead(200, [
          ['content-type', 'application/octet-stream'],
          ['set-cookie', 'a=1; Path=/'],
          ['set-cookie', 'b=2; Path=/'],
          ['vary', 'Accept-Encoding'],
          ['vary', 'Origin'],
        ].flat());
        let sent = 0;
        const write = () => {
          while (sent < pieces) {
            sent += 1;
            if (!res.write(piece)) return void res.once('drain', write);
          }
          res.end();
        };
        write();
      });
      const base = await startGateway({ BRANDS_URL: await startServer(service) });
      const response = await fetch(`${base}/api/brands/large`);
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Origin');
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.concat(Array.from({ length: pieces }, () => piece)))).toBe(true);
    });

    it('does not resend a GET the service was too slow to answer: 504 after UPSTREAM_TIMEOUT_MS, once', async () => {
      const received: string[] = [];
      // Answers the first request on a connection and never the next one.
      const service = http.createServer((req, res) => {
        const socket = req.socket as net.Socket & { served?: number };
        socket.served = (socket.served ?? 0) + 1;
        received.push(`${req.url} #${socket.served}`);
        if (socket.served === 1) res.end('{}');
      });
      const base = await startGateway({ BRANDS_URL: await startServer(service), UPSTREAM_TIMEOUT_MS: '300' });
      expect((await fetch(`${base}/api/brands/1`)).status).toBe(200);
      // The service never answers it: a 504 can only be the gateway's own timeout, and it asked once.
      expect((await fetch(`${base}/api/brands/2`)).status).toBe(504);
      expect(received).toEqual(['/api/brands/1 #1', '/api/brands/2 #2']);
    });
  });
});
