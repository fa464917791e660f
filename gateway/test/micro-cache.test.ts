import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER } from '@hunted/platform';
import { close, listen, startTestGateway, testGatewayConfig } from './support/test-gateway.js';
import type { GatewayApp } from '../src/app.js';

const MEMBER_COOKIE = 'hunted.sid=alice';
const ALICE = { id: 'u-alice', email: 'alice@example.com', firstName: 'Alice', lastName: 'Archer', isAdmin: false, acceptedTerms: ['terms'] };
const PUBLIC_READ = 'public, max-age=0, s-maxage=1';
const APP_SCRIPT = `console.log(${JSON.stringify('hunted '.repeat(400))});`;

/**
 * The micro-cache's clock, moved by hand: an entry's second (or half of it) passes when the test says, exactly, not
 * when a sleep ends on a machine that may be slower than the cache's lifetimes.
 */
let clockMs = Date.now();
const advance = (ms: number) => void (clockMs += ms);

/**
 * The gateway in front of a brands stand-in that counts what reaches it: a brand's public read (its votes), a
 * member's own saved state (not public), and public-looking answers that must still not be kept.
 */
describe('gateway: the micro-cache and compressed assets', () => {
  let votes = 0;
  let reached: string[] = [];
  let identity: http.Server;
  let brands: http.Server;
  let bookings: http.Server;
  let holds = 0;
  let gateway: GatewayApp;
  let base: string;
  let webDist: string;

  beforeAll(async () => {
    identity = http.createServer((req, res) => {
      const member = req.headers.cookie?.includes(MEMBER_COOKIE) ? ALICE : null;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ user: member }));
    });
    brands = http.createServer((req, res) => {
      reached.push(`${req.method} ${req.url} ${req.headers[IDENTITY_HEADER] ? 'member' : 'guest'}`);
      const json = (status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
        res.end(text);
      };
      const url = req.url ?? '';
      if (req.method === 'POST' && url === '/api/brands/1/vote') {
        votes += 1;
        return json(201, { votes });
      }
      if (url.startsWith('/api/brands/1/saved')) return json(200, { isSaved: req.headers[IDENTITY_HEADER] !== undefined, votes });
      if (url.startsWith('/api/brands/1')) return json(200, { id: 1, votes }, { 'cache-control': PUBLIC_READ, etag: `W/"votes-${votes}"` });
      if (url === '/api/brands/cookie') return json(200, { votes }, { 'cache-control': PUBLIC_READ, 'set-cookie': 'seen=1; Path=/' });
      if (url === '/api/brands/private') return json(200, { votes }, { 'cache-control': 'private, max-age=60' });
      if (url === '/api/brands/by-cookie') return json(200, { votes }, { 'cache-control': PUBLIC_READ, vary: 'Cookie' });
      return json(404, { message: 'Not found' });
    });
    // A hunter's slots: public, the same whoever asks (the route is `sameForEveryone`); a hold changes them.
    bookings = http.createServer((req, res) => {
      reached.push(`${req.method} ${req.url} ${req.headers[IDENTITY_HEADER] ? 'member' : 'guest'}`);
      const text = JSON.stringify(req.method === 'POST' ? { held: ++holds } : { hunterId: 7, holds });
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) };
      res.writeHead(200, req.method === 'POST' ? headers : { ...headers, 'cache-control': PUBLIC_READ });
      res.end(text);
    });
    webDist = mkdtempSync(path.join(tmpdir(), 'gateway-cache-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hunted</title>');
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'app-3f9a.js'), APP_SCRIPT);
    writeFileSync(path.join(webDist, 'assets', 'app-3f9a.js.br'), brotliCompressSync(APP_SCRIPT));
    writeFileSync(path.join(webDist, 'assets', 'app-3f9a.js.gz'), gzipSync(APP_SCRIPT));
    const cfg = testGatewayConfig({
      name: 'gateway-cache',
      webDist,
      env: { IDENTITY_URL: await listen(identity), BRANDS_URL: await listen(brands), BOOKINGS_URL: await listen(bookings) },
    });
    ({ gateway, base } = await startTestGateway(cfg, { now: () => clockMs }));
  });

  afterAll(async () => {
    await gateway?.app.close();
    await Promise.all([identity, brands, bookings].map((server) => server && close(server)));
    rmSync(webDist, { recursive: true, force: true });
  });

  beforeEach(async () => {
    // Each test starts with nothing kept: entries from the last one have expired.
    advance(1_050);
    reached = [];
  });

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });

  /** A browser revalidating what it holds: If-None-Match alone (fetch() would add `Cache-Control: no-cache`). */
  const revalidate = (url: string, etag: string) =>
    new Promise<{ status: number; cache: string | undefined; body: string }>((resolve, reject) => {
      http
        .get(`${base}${url}`, { headers: { 'if-none-match': etag, 'accept-encoding': 'identity' } }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, cache: response.headers['x-gateway-cache'] as string | undefined, body }));
        })
        .on('error', reject);
    });

  it("answers a guest's repeated public read from the cache for up to a second, then asks the service again", async () => {
    const first = await get('/api/brands/1');
    const second = await get('/api/brands/1');
    expect(first.headers.get('x-gateway-cache')).toBeNull();
    expect(second.headers.get('x-gateway-cache')).toBe('hit');
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get('cache-control')).toBe(PUBLIC_READ);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(second.headers.get('content-security-policy')).not.toBeNull();
    expect(reached).toEqual(['GET /api/brands/1 guest']);

    advance(1_050);
    expect((await get('/api/brands/1')).headers.get('x-gateway-cache')).toBeNull();
    expect(reached).toHaveLength(2);
  });

  it('renews a read answer in the background from half its second, so readers after its expiry still get it kept', async () => {
    await get('/api/brands/1');
    advance(550);
    const renewing = await get('/api/brands/1');
    expect(renewing.headers.get('x-gateway-cache')).toBe('hit');
    // One renewal, sent as a guest's read, however many readers come meanwhile.
    await get('/api/brands/1');
    await expect.poll(() => reached.length).toBe(2);
    expect(reached).toEqual(['GET /api/brands/1 guest', 'GET /api/brands/1 guest']);
    votes += 1;
    // Past the first copy's second: the renewed copy answers, and it is under a second old.
    advance(600);
    const renewed = await get('/api/brands/1');
    expect(renewed.headers.get('x-gateway-cache')).toBe('hit');
    expect(await renewed.json()).toEqual({ id: 1, votes: votes - 1 });
    advance(500);
    expect(await (await get('/api/brands/1')).json()).toEqual({ id: 1, votes });
  });

  it('answers 304 from the cache to a matching If-None-Match, and the body to any other', async () => {
    const etag = (await get('/api/brands/1', { 'accept-encoding': 'identity' })).headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    expect(await revalidate('/api/brands/1', etag)).toEqual({ status: 304, cache: 'hit', body: '' });
    const other = await revalidate('/api/brands/1', 'W/"something-else"');
    expect(other).toMatchObject({ status: 200, cache: 'hit' });
    expect(JSON.parse(other.body)).toEqual({ id: 1, votes });
    expect(reached).toHaveLength(1);
  });

  it("shows a member's vote at once: the write drops the service's kept answers, and members always read fresh", async () => {
    const before = (await (await get('/api/brands/1')).json()) as { votes: number };
    expect((await get('/api/brands/1')).headers.get('x-gateway-cache')).toBe('hit');

    const vote = await fetch(`${base}/api/brands/1/vote`, { method: 'POST', headers: { cookie: MEMBER_COOKIE, origin: base } });
    expect(vote.status).toBe(201);

    const memberRead = await get('/api/brands/1', { cookie: MEMBER_COOKIE });
    expect(memberRead.headers.get('x-gateway-cache')).toBeNull();
    expect(await memberRead.json()).toEqual({ id: 1, votes: before.votes + 1 });
    const guestRead = await get('/api/brands/1');
    expect(guestRead.headers.get('x-gateway-cache')).toBeNull();
    expect(await guestRead.json()).toEqual({ id: 1, votes: before.votes + 1 });
    expect(reached.filter((line) => line.startsWith('GET'))).toEqual([
      'GET /api/brands/1 guest',
      'GET /api/brands/1 member',
      'GET /api/brands/1 guest',
    ]);
  });

  it("answers members from the cache where the answer is the same for everyone (slots), and a member's hold drops it", async () => {
    const slots = '/api/hunters/7/slots?from=2027-01-04&to=2027-01-10&sessionType=whatsappVideo';
    const first = await get(slots, { cookie: MEMBER_COOKIE });
    expect(first.headers.get('x-gateway-cache')).toBeNull();
    // The member's answer is kept, and answers the member again and a guest alike.
    const again = await get(slots, { cookie: MEMBER_COOKIE });
    expect(again.headers.get('x-gateway-cache')).toBe('hit');
    expect((await get(slots)).headers.get('x-gateway-cache')).toBe('hit');
    expect(await again.json()).toEqual(await first.json());
    expect(reached).toEqual([`GET ${slots} member`]);
    // Renewed in the background as a guest's read: no identity is sent for an answer that names nobody.
    advance(550);
    expect((await get(slots, { cookie: MEMBER_COOKIE })).headers.get('x-gateway-cache')).toBe('hit');
    await expect.poll(() => reached.length).toBe(2);
    expect(reached[1]).toBe(`GET ${slots} guest`);

    // A hold through this gateway drops bookings' kept answers: the member's next read is fresh.
    const hold = await fetch(`${base}/api/create-payment-intent`, {
      method: 'POST',
      headers: { cookie: MEMBER_COOKIE, origin: base, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(hold.status).toBe(200);
    const after = await get(slots, { cookie: MEMBER_COOKIE });
    expect(after.headers.get('x-gateway-cache')).toBeNull();
    expect(await after.json()).toEqual({ hunterId: 7, holds });
  });

  it('shows a change made elsewhere (another replica, a job) to guests within a second', async () => {
    const before = (await (await get('/api/brands/1')).json()) as { votes: number };
    votes += 1;
    expect(await (await get('/api/brands/1')).json()).toEqual(before);
    advance(1_050);
    expect(await (await get('/api/brands/1')).json()).toEqual({ id: 1, votes: before.votes + 1 });
  });

  it("never keeps a member's own data or an answer not marked public, nor one that sets a cookie or varies by it", async () => {
    for (const url of ['/api/brands/1/saved', '/api/brands/private', '/api/brands/cookie', '/api/brands/by-cookie']) {
      await get(url);
      const again = await get(url);
      expect(again.headers.get('x-gateway-cache'), url).toBeNull();
    }
    // A member's reads are never answered from, nor stored into, the cache: a guest after them reaches the service.
    await get('/api/brands/1?member', { cookie: MEMBER_COOKIE });
    const member = await get('/api/brands/1/saved', { cookie: MEMBER_COOKIE });
    expect(await member.json()).toMatchObject({ isSaved: true });
    const guest = await get('/api/brands/1/saved');
    expect(await guest.json()).toMatchObject({ isSaved: false });
    expect((await get('/api/brands/1?member')).headers.get('x-gateway-cache')).toBeNull();
    expect(reached).toHaveLength(12);
  });

  it('asks the service when the client wants a fresh answer, and keeps each content coding apart', async () => {
    await get('/api/brands/1');
    expect((await get('/api/brands/1', { 'cache-control': 'no-cache' })).headers.get('x-gateway-cache')).toBeNull();
    expect((await get('/api/brands/1', { 'accept-encoding': 'identity' })).headers.get('x-gateway-cache')).toBeNull();
    expect((await get('/api/brands/1', { 'accept-encoding': 'identity' })).headers.get('x-gateway-cache')).toBe('hit');
    expect(reached).toHaveLength(3);
  });

  it("serves the build's brotli or gzip copy of an asset by Accept-Encoding, immutable, and the page itself no-cache", async () => {
    const raw = (url: string, acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}${url}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const br = await raw('/assets/app-3f9a.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_SCRIPT);
    const gz = await raw('/assets/app-3f9a.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_SCRIPT);
    const plain = await raw('/assets/app-3f9a.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_SCRIPT);
    expect((await raw('/', 'br')).headers['cache-control']).toBe('no-cache');
  });
});
