import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { MicroCache, sharedLifetimeMs } from './micro-cache.js';

const PUBLIC = 'public, max-age=0, s-maxage=1';

describe('sharedLifetimeMs', () => {
  it("keeps what the service marks public for its shared lifetime, at most the cache's", () => {
    expect(sharedLifetimeMs({ 'cache-control': PUBLIC }, 1000)).toBe(1000);
    expect(sharedLifetimeMs({ 'cache-control': 'public, max-age=31536000, immutable' }, 1000)).toBe(1000);
    expect(sharedLifetimeMs({ 'cache-control': 'public, s-maxage=1' }, 500)).toBe(500);
    expect(sharedLifetimeMs({ 'cache-control': PUBLIC, vary: 'Accept-Encoding' }, 1000)).toBe(1000);
  });

  it('keeps nothing else', () => {
    expect(sharedLifetimeMs({}, 1000)).toBe(0);
    expect(sharedLifetimeMs({ 'cache-control': 'max-age=60' }, 1000)).toBe(0);
    expect(sharedLifetimeMs({ 'cache-control': 'public, max-age=0' }, 1000)).toBe(0);
    expect(sharedLifetimeMs({ 'cache-control': 'public, private, s-maxage=1' }, 1000)).toBe(0);
    expect(sharedLifetimeMs({ 'cache-control': 'public, no-store, s-maxage=1' }, 1000)).toBe(0);
    expect(sharedLifetimeMs({ 'cache-control': PUBLIC, 'set-cookie': ['a=1'] }, 1000)).toBe(0);
    expect(sharedLifetimeMs({ 'cache-control': PUBLIC, vary: 'Accept-Encoding, Cookie' }, 1000)).toBe(0);
  });
});

function request(method: string, url: string, headers: http.IncomingHttpHeaders = {}): http.IncomingMessage {
  return { method, url, headers } as http.IncomingMessage;
}

/** A service's answer streamed through the cache's copy, as the proxy does: the head, each chunk, the end. */
function answer(cache: MicroCache, req: http.IncomingMessage, status: number, headers: http.IncomingHttpHeaders, body: string): void {
  const copy = cache.capture(req, status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
  const bytes = Buffer.from(body);
  copy?.add(bytes.subarray(0, 1));
  copy?.add(bytes.subarray(1));
  copy?.end();
}

describe('MicroCache', () => {
  const limits = { ttlMs: 1000, maxEntries: 2, maxEntryBytes: 1024, maxTotalBytes: 4096 };

  it("answers only guests' GETs, keyed by path, query and the coding they accept", () => {
    const cache = new MicroCache(limits);
    expect(cache.keyOf(request('GET', '/api/brands/1?x=1', { 'accept-encoding': 'gzip' }), false)).toBe('GET /api/brands/1?x=1 gzip');
    expect(cache.keyOf(request('GET', '/api/brands/1'), true)).toBeNull();
    expect(cache.keyOf(request('HEAD', '/api/brands/1'), false)).toBeNull();
    expect(cache.keyOf(request('POST', '/api/brands/1/vote'), false)).toBeNull();
    expect(new MicroCache({ ...limits, ttlMs: 0 }).keyOf(request('GET', '/api/brands/1'), false)).toBeNull();
  });

  it('keeps a public answer until it expires, drops a service on its write, and never keeps the rest', () => {
    let now = 0;
    const cache = new MicroCache(limits, () => now);
    const keep = (url: string, status: number, headers: http.IncomingHttpHeaders, body: string, service = 'brands') => {
      const req = request('GET', url);
      cache.expect(req, url, service);
      answer(cache, req, status, headers, body);
    };
    keep('/a', 200, { 'cache-control': PUBLIC, etag: 'W/"a"', 'x-request-id': 'r1', connection: 'keep-alive' }, '{"a":1}');
    expect(cache.get('/a')).toMatchObject({ etag: 'W/"a"', body: Buffer.from('{"a":1}'), headers: { 'cache-control': PUBLIC, etag: 'W/"a"' } });
    expect(cache.get('/a')?.headers).not.toHaveProperty('x-request-id');
    expect(cache.get('/a')?.headers).not.toHaveProperty('connection');
    now = 999;
    expect(cache.get('/a')).toBeDefined();
    now = 1000;
    expect(cache.get('/a')).toBeUndefined();

    keep('/private', 200, {}, '{}');
    keep('/error', 404, { 'cache-control': PUBLIC }, '{}');
    keep('/large', 200, { 'cache-control': PUBLIC }, 'x'.repeat(2048));
    expect([cache.get('/private'), cache.get('/error'), cache.get('/large')]).toEqual([undefined, undefined, undefined]);

    keep('/b', 200, { 'cache-control': PUBLIC }, 'b');
    keep('/r', 200, { 'cache-control': PUBLIC }, 'r', 'reviews');
    cache.invalidate('brands');
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/r')).toBeDefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = new MicroCache(limits, () => 0);
    for (const url of ['/1', '/2', '/3']) {
      const req = request('GET', url);
      cache.expect(req, url, 'brands');
      answer(cache, req, 200, { 'cache-control': PUBLIC }, url);
    }
    expect(cache.size).toBe(2);
    expect(cache.get('/1')).toBeUndefined();
    expect(cache.get('/3')).toBeDefined();
  });

  it('does not keep an answer asked for before a write to its service, which may predate the write', () => {
    const cache = new MicroCache(limits, () => 0);
    const req = request('GET', '/a');
    cache.expect(req, '/a', 'brands');
    cache.invalidate('brands');
    answer(cache, req, 200, { 'cache-control': PUBLIC }, 'before the vote');
    expect(cache.get('/a')).toBeUndefined();

    const later = request('GET', '/a');
    cache.expect(later, '/a', 'brands');
    cache.invalidate('reviews');
    answer(cache, later, 200, { 'cache-control': PUBLIC }, 'after the vote');
    expect(cache.get('/a')?.body.toString()).toBe('after the vote');
  });

  it('asks for one background renewal of a kept answer from half its lifetime, and keeps what it brings', () => {
    let now = 0;
    const cache = new MicroCache(limits, () => now);
    const req = request('GET', '/a');
    cache.expect(req, '/a', 'brands');
    answer(cache, req, 200, { 'cache-control': PUBLIC }, 'first');
    const first = cache.get('/a')!;
    now = 499;
    expect(cache.claimRenewal('/a', first)).toBe(false);
    now = 500;
    expect(cache.claimRenewal('/a', first)).toBe(true);
    expect(cache.claimRenewal('/a', first)).toBe(false);
    const copy = cache.renewal('/a', 200, { 'cache-control': PUBLIC, 'content-length': '7' }, 'brands');
    copy?.add(Buffer.from('renewed'));
    now = 600;
    copy?.end();
    cache.renewalEnded('/a');
    expect(cache.get('/a')).toMatchObject({ body: Buffer.from('renewed'), expiresAt: 1600, renewAt: 1100 });
    now = 1100;
    expect(cache.claimRenewal('/a', cache.get('/a')!)).toBe(true);
    // A failed renewal keeps the answer until it expires, and lets the next reader try again.
    cache.renewalEnded('/a');
    expect(cache.get('/a')?.body.toString()).toBe('renewed');
    expect(cache.claimRenewal('/a', cache.get('/a')!)).toBe(true);
    now = 1600;
    expect(cache.get('/a')).toBeUndefined();
  });
});
