import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInternalKeyPair, verifyInternalToken } from '@hunted/platform';
import { sessionCookieName, type SessionUser } from '@hunted/contracts';
import { IdentityUnavailableError, SessionResolver, sessionCookieValue } from './session-resolver.js';

const KEYS = generateInternalKeyPair();
const ALICE = { id: 'u1', email: 'alice@example.com', firstName: 'Alice', lastName: null, isAdmin: false, acceptedTerms: ['terms'] } satisfies SessionUser;

describe('sessionCookieValue', () => {
  it('finds the session cookie among others and ignores look-alikes', () => {
    expect(sessionCookieValue('a=1; hunted.sid=s%3Aabc.sig; b=2')).toBe('s%3Aabc.sig');
    expect(sessionCookieValue('xhunted.sid=1; hunted.sidx=2')).toBeNull();
    expect(sessionCookieValue('hunted.sid=')).toBeNull();
    expect(sessionCookieValue(undefined)).toBeNull();
  });

  it('reads the __Host- name identity sets when PUBLIC_URL is https, and only that one', () => {
    const name = sessionCookieName('https://hunted.example.com');
    expect(name).toBe('__Host-hunted.sid');
    expect(sessionCookieValue('hunted.sid=planted; __Host-hunted.sid=real', name)).toBe('real');
    expect(sessionCookieValue('hunted.sid=planted', name)).toBeNull();
    expect(sessionCookieName('http://localhost:8080')).toBe('hunted.sid');
    expect(sessionCookieName(undefined)).toBe('hunted.sid');
  });
});

describe('SessionResolver', () => {
  // Stands in for identity's /internal/session; the resolver's caching is what is under test.
  let identity: http.Server;
  let identityUrl: string;
  let lookups = 0;
  let answerStatus = 200;
  let user: SessionUser | null = ALICE;
  const agent = new http.Agent({ keepAlive: true });

  beforeAll(async () => {
    identity = http.createServer((req, res) => {
      lookups++;
      expect(req.url).toBe('/internal/session');
      res.writeHead(answerStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ user }));
    });
    await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
    identityUrl = `http://127.0.0.1:${(identity.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => identity.close(resolve));
  });

  function resolverAt(clock: { now: number }, ttlMs = 5_000) {
    return new SessionResolver(identityUrl, KEYS.privateKey, agent, ttlMs, () => clock.now);
  }

  it('signs a verifiable token for the signed-in user and asks identity once per cookie within the TTL', async () => {
    const clock = { now: Date.now() };
    const resolver = resolverAt(clock);
    lookups = 0;
    const [first, second] = await Promise.all([resolver.resolve('hunted.sid=a', 'brands'), resolver.resolve('hunted.sid=a', 'brands')]);
    expect(lookups).toBe(1);
    expect(second).toEqual(first);
    expect(await verifyInternalToken(first?.token, KEYS.publicKey, 'brands')).toEqual(ALICE);

    clock.now += 4_000;
    await resolver.resolve('hunted.sid=a', 'brands');
    expect(lookups).toBe(1);
    clock.now += 2_000;
    const refreshed = await resolver.resolve('hunted.sid=a', 'brands');
    expect(lookups).toBe(2);
    expect(refreshed?.token).toBe(first?.token);
  });

  it('with an https site, looks up only the __Host- cookie and never the plain name', async () => {
    const resolver = resolverAt({ now: Date.now() });
    resolver.cookieName = sessionCookieName('https://hunted.example.com');
    lookups = 0;
    expect(await resolver.resolve('hunted.sid=planted', 'brands')).toBeNull();
    expect(lookups).toBe(0);
    await resolver.resolve('hunted.sid=planted; __Host-hunted.sid=real', 'brands');
    await resolver.resolve('__Host-hunted.sid=real', 'brands');
    expect(lookups).toBe(1);
  });

  it('signs for the service the request goes to, one lookup serving every service', async () => {
    const clock = { now: Date.now() };
    const resolver = resolverAt(clock);
    lookups = 0;
    const forBrands = await resolver.resolve('hunted.sid=f', 'brands');
    const forReviews = await resolver.resolve('hunted.sid=f', 'reviews');
    expect(lookups).toBe(1);
    expect(forReviews?.token).not.toBe(forBrands?.token);
    expect(await verifyInternalToken(forReviews?.token, KEYS.publicKey, 'reviews')).toEqual(ALICE);
    expect(await verifyInternalToken(forBrands?.token, KEYS.publicKey, 'reviews')).toBeNull();
    expect((await resolver.resolve('hunted.sid=f', 'reviews'))?.token).toBe(forReviews?.token);
  });

  it('re-signs once the token is half-way through its life', async () => {
    const clock = { now: Date.now() };
    const resolver = resolverAt(clock);
    const first = await resolver.resolve('hunted.sid=b', 'brands');
    clock.now += 31_000;
    const later = await resolver.resolve('hunted.sid=b', 'brands');
    expect(later?.token).not.toBe(first?.token);
    expect(await verifyInternalToken(later?.token, KEYS.publicKey, 'brands')).toEqual(ALICE);
  });

  it('asks again after invalidation, and resolves a missing or unknown cookie to null', async () => {
    const clock = { now: Date.now() };
    const resolver = resolverAt(clock);
    lookups = 0;
    await resolver.resolve('hunted.sid=c', 'brands');
    resolver.invalidate('hunted.sid=c');
    await resolver.resolve('hunted.sid=c', 'brands');
    expect(lookups).toBe(2);

    expect(await resolver.resolve('theme=dark', 'brands')).toBeNull();
    expect(lookups).toBe(2);
    user = null;
    try {
      expect(await resolver.resolve('hunted.sid=unknown', 'brands')).toBeNull();
    } finally {
      user = ALICE;
    }
  });

  it('signs the acceptedTerms claim identity answers, and a new token at once when it changes (an acceptance)', async () => {
    const clock = { now: Date.now() };
    const resolver = resolverAt(clock);
    const before = await resolver.resolve('hunted.sid=terms', 'hunters');
    expect((await verifyInternalToken(before?.token, KEYS.publicKey, 'hunters'))?.acceptedTerms).toEqual(['terms']);
    // The POST of an acceptance invalidates the session (edge-proxy's changesSession); the token is not reused.
    user = { ...ALICE, acceptedTerms: ['terms', 'hunterTerms'] };
    try {
      resolver.invalidate('hunted.sid=terms');
      const after = await resolver.resolve('hunted.sid=terms', 'hunters');
      expect(after?.token).not.toBe(before?.token);
      expect((await verifyInternalToken(after?.token, KEYS.publicKey, 'hunters'))?.acceptedTerms).toEqual(['terms', 'hunterTerms']);
    } finally {
      user = ALICE;
    }
  });

  it('reports identity failures instead of treating the caller as signed out', async () => {
    const resolver = resolverAt({ now: Date.now() });
    answerStatus = 500;
    try {
      await expect(resolver.resolve('hunted.sid=d', 'brands')).rejects.toBeInstanceOf(IdentityUnavailableError);
    } finally {
      answerStatus = 200;
    }
    const unreachable = new SessionResolver('http://127.0.0.1:1', KEYS.privateKey, agent, 5_000);
    await expect(unreachable.resolve('hunted.sid=e', 'brands')).rejects.toBeInstanceOf(IdentityUnavailableError);
  });
});
