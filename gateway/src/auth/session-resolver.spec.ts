import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyInternalToken } from '@hunted/platform';
import { IdentityUnavailableError, SessionResolver, sessionCookieValue } from './session-resolver.js';

const SECRET = 'session-resolver-spec-secret-0123456789';
const ALICE = { id: 'u1', email: 'alice@example.com', firstName: 'Alice', lastName: null, isAdmin: false };

describe('sessionCookieValue', () => {
  it('finds the session cookie among others and ignores look-alikes', () => {
    expect(sessionCookieValue('a=1; hunted.sid=s%3Aabc.sig; b=2')).toBe('s%3Aabc.sig');
    expect(sessionCookieValue('xhunted.sid=1; hunted.sidx=2')).toBeNull();
    expect(sessionCookieValue('hunted.sid=')).toBeNull();
    expect(sessionCookieValue(undefined)).toBeNull();
  });
});

describe('SessionResolver', () => {
  // Stands in for identity's /internal/session; the resolver's caching is what is under test.
  let identity: http.Server;
  let identityUrl: string;
  let lookups = 0;
  let answerStatus = 200;
  let user: typeof ALICE | null = ALICE;
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
    return new SessionResolver(identityUrl, SECRET, agent, ttlMs, () => clock.now);
  }

  it('signs a verifiable token for the signed-in user and asks identity once per cookie within the TTL', async () => {
    const clock = { now: Date.now() };
    const resolver = resolverAt(clock);
    lookups = 0;
    const [first, second] = await Promise.all([resolver.resolve('hunted.sid=a'), resolver.resolve('hunted.sid=a')]);
    expect(lookups).toBe(1);
    expect(second).toBe(first);
    expect(await verifyInternalToken(first?.token, SECRET)).toEqual(ALICE);

    clock.now += 4_000;
    await resolver.resolve('hunted.sid=a');
    expect(lookups).toBe(1);
    clock.now += 2_000;
    const refreshed = await resolver.resolve('hunted.sid=a');
    expect(lookups).toBe(2);
    expect(refreshed?.token).toBe(first?.token);
  });

  it('re-signs once the token is half-way through its life', async () => {
    const clock = { now: Date.now() };
    const resolver = resolverAt(clock);
    const first = await resolver.resolve('hunted.sid=b');
    clock.now += 31_000;
    const later = await resolver.resolve('hunted.sid=b');
    expect(later?.token).not.toBe(first?.token);
    expect(await verifyInternalToken(later?.token, SECRET)).toEqual(ALICE);
  });

  it('asks again after invalidation, and resolves a missing or unknown cookie to null', async () => {
    const clock = { now: Date.now() };
    const resolver = resolverAt(clock);
    lookups = 0;
    await resolver.resolve('hunted.sid=c');
    resolver.invalidate('hunted.sid=c');
    await resolver.resolve('hunted.sid=c');
    expect(lookups).toBe(2);

    expect(await resolver.resolve('theme=dark')).toBeNull();
    expect(lookups).toBe(2);
    user = null;
    try {
      expect(await resolver.resolve('hunted.sid=unknown')).toBeNull();
    } finally {
      user = ALICE;
    }
  });

  it('reports identity failures instead of treating the caller as signed out', async () => {
    const resolver = resolverAt({ now: Date.now() });
    answerStatus = 500;
    try {
      await expect(resolver.resolve('hunted.sid=d')).rejects.toBeInstanceOf(IdentityUnavailableError);
    } finally {
      answerStatus = 200;
    }
    const unreachable = new SessionResolver('http://127.0.0.1:1', SECRET, agent, 5_000);
    await expect(unreachable.resolve('hunted.sid=e')).rejects.toBeInstanceOf(IdentityUnavailableError);
  });
});
