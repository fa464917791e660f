import { SignJWT } from 'jose';
import pg from 'pg';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startDevProvider, type RunningDevProvider } from '@hunted/dev-oidc-provider';
import type { CurrentUserResponse, SessionResolution } from '@hunted/contracts';
import { IDENTITY_HEADER, signInternalToken } from '@hunted/platform';
import { freePort, TEST_DATABASE_URL, TEST_INTERNAL_AUTH_SECRET, TEST_REDIS_URL } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { SESSION_PURGE_QUEUE, SESSION_PURGE_SCHEDULER } from '../src/sessions/session-purge.scheduler.js';
import { SessionStore } from '../src/sessions/session.store.js';

const SCHEMA = 'identity_it';
const REDIS_PREFIX = `test:identity:${process.pid}:`;
const CLIENT_ID = 'hunted-test';
const CLIENT_SECRET = 'hunted-test-secret';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A browser's cookie jar and manual redirects, enough to walk the sign-in over real HTTP. */
class Browser {
  readonly cookies = new Map<string, string>();

  async get(url: string): Promise<Response> {
    return this.request(url);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    return response;
  }
}

describe('identity: sign-in, sessions and the current user', () => {
  let provider: RunningDevProvider;
  let app: NestFastifyApplication;
  let identity: string;
  let db: pg.Client;

  beforeAll(async () => {
    const [providerPort, identityPort] = [await freePort(), await freePort()];
    identity = `http://127.0.0.1:${identityPort}`;
    const issuer = `http://127.0.0.1:${providerPort}`;
    provider = await startDevProvider(
      {
        port: providerPort,
        host: '127.0.0.1',
        issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${identity}/api/callback`],
      },
      () => {},
    );

    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    await db.query(`drop schema if exists ${SCHEMA} cascade`);

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(identityPort),
      DATABASE_URL: TEST_DATABASE_URL,
      DATABASE_SCHEMA: SCHEMA,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX,
      INTERNAL_AUTH_SECRET: TEST_INTERNAL_AUTH_SECRET,
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      PUBLIC_URL: identity,
      SESSION_SECRET: 'test-session-secret-0123456789abcdef0123',
      ADMIN_EMAILS: 'Boss@Hunted.test, other@hunted.test',
    });
    app = await createIdentityApp(config);
    await app.listen(identityPort, '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await provider?.close();
    await db?.end();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  /** Walks /api/login -> provider form -> callback; returns the final redirect and the responses on the way. */
  async function signIn(browser: Browser, email: string, firstName: string, login = '/api/login') {
    const start = await browser.get(`${identity}${login}`);
    expect(start.status).toBe(302);
    const preLoginCookie = browser.cookies.get('hunted.sid');
    let response = await browser.get(start.headers.get('location')!);
    for (let hops = 0; hops < 3 && response.status === 303; hops++) {
      response = await browser.get(new URL(response.headers.get('location')!, provider.url).toString());
    }
    const html = await response.text();
    expect(html).toContain('<button type="submit">Sign in</button>');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    response = await browser.request(new URL(action, provider.url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, firstName }).toString(),
    });
    while (!response.headers.get('location')!.startsWith(`${identity}/api/callback`)) {
      response = await browser.get(new URL(response.headers.get('location')!, provider.url).toString());
    }
    const callback = await browser.get(response.headers.get('location')!);
    return { callback, preLoginCookie, setCookie: callback.headers.get('set-cookie') ?? '' };
  }

  async function resolveSession(cookie: string | undefined): Promise<SessionResolution> {
    const response = await fetch(`${identity}/internal/session`, {
      headers: cookie ? { cookie: `hunted.sid=${cookie}` } : {},
    });
    expect(response.status).toBe(200);
    return (await response.json()) as SessionResolution;
  }

  async function outbox(type: string): Promise<{ data: Record<string, unknown> }[]> {
    const { rows } = await db.query(`select data from ${SCHEMA}.outbox where type = $1 order by seq`, [type]);
    return rows as { data: Record<string, unknown> }[];
  }

  async function asUser(userId: string, email: string) {
    return {
      [IDENTITY_HEADER]: await signInternalToken(
        { id: userId, email, firstName: null, lastName: null, isAdmin: false },
        TEST_INTERNAL_AUTH_SECRET,
      ),
    };
  }

  it('signs in over the real code flow, regenerates the session, resolves it for the gateway and signs out', async () => {
    const browser = new Browser();
    const { callback, preLoginCookie, setCookie } = await signIn(
      browser,
      'Ada@Example.test',
      'Ada',
      '/api/login?returnTo=%2Fsaved%3Ftab%3D1',
    );

    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/saved?tab=1');
    expect(setCookie).toMatch(/^hunted\.sid=[^;]+; Path=\/; Max-Age=604800; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const cookie = browser.cookies.get('hunted.sid')!;
    expect(cookie).not.toBe(preLoginCookie);

    const resolved = await resolveSession(cookie);
    expect(resolved.user).toMatchObject({
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: null,
      isAdmin: false,
    });
    // The id the browser carried before signing in is worthless afterwards (session fixation).
    expect((await resolveSession(preLoginCookie)).user).toBeNull();

    const registered = await outbox('identity.user.registered');
    expect(registered.filter((row) => row.data.email === 'ada@example.test')).toHaveLength(1);

    const logout = await browser.get(`${identity}/api/logout`);
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect(logout.headers.get('set-cookie')).toMatch(/^hunted\.sid=; Path=\/; Max-Age=0;.*HttpOnly; SameSite=Lax/);
    expect((await resolveSession(cookie)).user).toBeNull();
    const { rows } = await db.query(`select count(*)::int as n from ${SCHEMA}.sessions where sess->>'userId' = $1`, [
      resolved.user!.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('matches a returning email to the same user, announces them once, and knows admins', async () => {
    const first = new Browser();
    await signIn(first, 'grace@example.test', 'Grace');
    const second = new Browser();
    await signIn(second, 'GRACE@example.test', 'Someone else');
    const a = await resolveSession(first.cookies.get('hunted.sid'));
    const b = await resolveSession(second.cookies.get('hunted.sid'));
    expect(b.user!.id).toBe(a.user!.id);
    expect(b.user!.firstName).toBe('Grace');
    expect(
      (await outbox('identity.user.registered')).filter((row) => row.data.email === 'grace@example.test'),
    ).toHaveLength(1);

    const boss = new Browser();
    await signIn(boss, 'boss@hunted.test', 'Boss');
    expect((await resolveSession(boss.cookies.get('hunted.sid'))).user!.isAdmin).toBe(true);
  });

  it('returns to the Referer path on this site and ignores a returnTo that leaves it', async () => {
    const browser = new Browser();
    const viaReferer = await browser.request(`${identity}/api/login`, {
      headers: { referer: `${identity}/brand/3/slug?x=1` },
    });
    expect(viaReferer.status).toBe(302);
    const sid = decodeURIComponent(browser.cookies.get('hunted.sid')!).split('.')[0];
    const { rows } = await db.query(`select sess->>'returnTo' as "returnTo" from ${SCHEMA}.sessions where sid = $1`, [
      sid,
    ]);
    expect(rows[0].returnTo).toBe('/brand/3/slug?x=1');
    const foreign = new Browser();
    await foreign.request(`${identity}/api/login`, { headers: { referer: 'https://evil.example/brand/3/slug' } });
    const foreignSid = decodeURIComponent(foreign.cookies.get('hunted.sid')!).split('.')[0];
    const foreignRows = await db.query(
      `select sess->>'returnTo' as "returnTo" from ${SCHEMA}.sessions where sid = $1`,
      [foreignSid],
    );
    expect(foreignRows.rows[0].returnTo).toBe('/');
    const { callback } = await signIn(
      new Browser(),
      'ref@example.test',
      'Ref',
      '/api/login?returnTo=%2F%2Fevil.example',
    );
    expect(callback.headers.get('location')).toBe('/');
  });

  it('marks the cookie Secure when the request came over TLS', async () => {
    const response = await fetch(`${identity}/api/login`, {
      headers: { 'x-forwarded-proto': 'https' },
      redirect: 'manual',
    });
    expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
    const plain = await fetch(`${identity}/api/login`, { redirect: 'manual' });
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('treats a forged or tampered session cookie as signed out', async () => {
    const browser = new Browser();
    await signIn(browser, 'cookie@example.test', 'Cookie');
    const [sid] = browser.cookies.get('hunted.sid')!.split('.');
    expect((await resolveSession(sid)).user).toBeNull();
    expect((await resolveSession(`${sid}.AAAA`)).user).toBeNull();
    expect((await resolveSession(undefined)).user).toBeNull();
  });

  describe('/api/auth/user', () => {
    let userId: string;
    const email = 'profile@example.test';

    beforeAll(async () => {
      const browser = new Browser();
      await signIn(browser, email, 'Pat');
      userId = (await resolveSession(browser.cookies.get('hunted.sid'))).user!.id;
    });

    async function patch(body: unknown) {
      return fetch(`${identity}/api/auth/user`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...(await asUser(userId, email)) },
        body: JSON.stringify(body),
      });
    }

    it('answers a guest with 401 JSON', async () => {
      const response = await fetch(`${identity}/api/auth/user`);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toMatchObject({ statusCode: 401 });
    });

    it('treats a hand-made identity header as signed out', async () => {
      const plainJson = JSON.stringify({ id: userId, email, isAdmin: true });
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({
          sub: userId,
          email,
          iss: 'hunted-gateway',
          aud: 'hunted-services',
          exp: Math.floor(Date.now() / 1000) + 60,
        }),
      ).toString('base64url')}.`;
      const wrongKey = await signInternalToken(
        { id: userId, email, firstName: null, lastName: null, isAdmin: true },
        'not-the-internal-secret-but-long-enough-000',
      );
      const hs256Forged = await new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer('hunted-gateway')
        .setAudience('hunted-services')
        .setExpirationTime('1m')
        .sign(new TextEncoder().encode('guessed-secret'));
      for (const forged of [plainJson, unsigned, wrongKey, hs256Forged, userId]) {
        const response = await fetch(`${identity}/api/auth/user`, { headers: { [IDENTITY_HEADER]: forged } });
        expect(response.status, forged).toBe(401);
      }
    });

    it('returns the current user, reloaded from the database', async () => {
      const response = await fetch(`${identity}/api/auth/user`, { headers: await asUser(userId, email) });
      expect(response.status).toBe(200);
      const user = (await response.json()) as CurrentUserResponse;
      expect(user).toMatchObject({
        id: userId,
        email,
        firstName: 'Pat',
        lastName: null,
        profileImageUrl: null,
        instagramUrl: null,
        isAdmin: false,
      });
      expect(Date.parse(user.createdAt)).not.toBeNaN();
      expect(Date.parse(user.updatedAt)).not.toBeNaN();
    });

    it('updates names, Instagram and photo, serves the photo by URL, and announces the change', async () => {
      const response = await patch({
        firstName: '  Patricia ',
        lastName: 'Hopper',
        instagramUrl: 'https://instagram.com/pat',
        profileImageUrl: `data:image/png;base64,${PNG.toString('base64')}`,
      });
      expect(response.status).toBe(200);
      const user = (await response.json()) as CurrentUserResponse;
      expect(user).toMatchObject({
        firstName: 'Patricia',
        lastName: 'Hopper',
        instagramUrl: 'https://instagram.com/pat',
      });
      expect(user.profileImageUrl).toMatch(/^\/api\/auth\/avatars\/[0-9a-f-]{36}$/);

      const avatar = await fetch(`${identity}${user.profileImageUrl}`);
      expect(avatar.status).toBe(200);
      expect(avatar.headers.get('content-type')).toBe('image/png');
      expect(avatar.headers.get('cache-control')).toContain('immutable');
      expect(avatar.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await avatar.arrayBuffer())).toEqual(PNG);

      // Sending back the URL it already has keeps the photo; other fields still change.
      const again = await patch({ profileImageUrl: user.profileImageUrl, instagramUrl: '' });
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ profileImageUrl: user.profileImageUrl, instagramUrl: null });

      const updates = (await outbox('identity.user.updated')).filter((row) => row.data.userId === userId);
      expect(updates.length).toBeGreaterThanOrEqual(2);
      expect(updates[0]!.data).toMatchObject({
        firstName: 'Patricia',
        lastName: 'Hopper',
        profileImageUrl: user.profileImageUrl,
      });
      expect((await fetch(`${identity}/api/auth/avatars/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
    });

    it('refuses text sent with an image mime type', async () => {
      const response = await patch({
        profileImageUrl: `data:image/png;base64,${Buffer.from('just text').toString('base64')}`,
      });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe('Please select an image file');
    });

    it('refuses a foreign image URL', async () => {
      const response = await patch({ profileImageUrl: 'https://elsewhere.example/me.png' });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe('Please select an image file');
    });

    it('refuses a photo of 5 MB or more, sent inline', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const response = await patch({ profileImageUrl: `data:image/png;base64,${big.toString('base64')}` });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe('Please select an image smaller than 5MB');
    });

    it('refuses an email change with a clear message, and unknown fields', async () => {
      const emailChange = await patch({ email: 'new@example.test', firstName: 'X' });
      expect(emailChange.status).toBe(400);
      expect(JSON.stringify(await emailChange.json())).toContain('Email address cannot be changed');

      const unknown = await patch({ isAdmin: true });
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(await unknown.json())).toContain('isAdmin');

      const current = (await (
        await fetch(`${identity}/api/auth/user`, { headers: await asUser(userId, email) })
      ).json()) as CurrentUserResponse;
      expect(current).toMatchObject({ email, firstName: 'Patricia', isAdmin: false });
    });

    it('refuses a non-http Instagram link and over-long names', async () => {
      expect((await patch({ instagramUrl: 'javascript:alert(1)' })).status).toBe(400);
      expect((await patch({ instagramUrl: `https://instagram.com/${'a'.repeat(500)}` })).status).toBe(400);
      expect((await patch({ firstName: 'a'.repeat(101) })).status).toBe(400);
    });
  });

  it('purges expired sessions, on a repeatable hourly job', async () => {
    const store = app.get(SessionStore);
    await store.set('expired-session', { userId: 'nobody' }, new Date(Date.now() - 1000));
    await store.set('live-session', { userId: 'nobody' }, new Date(Date.now() + 60_000));
    expect(await store.purgeExpired()).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query(
      `select sid from ${SCHEMA}.sessions where sid in ('expired-session', 'live-session')`,
    );
    expect(rows.map((row) => row.sid)).toEqual(['live-session']);

    const queue = new Queue(SESSION_PURGE_QUEUE, {
      connection: { url: TEST_REDIS_URL },
      prefix: `${REDIS_PREFIX}bull`,
    });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(
        schedulers.find((s) => s.key === SESSION_PURGE_SCHEDULER || s.id === SESSION_PURGE_SCHEDULER),
      ).toMatchObject({ every: 3_600_000 });
    } finally {
      await queue.close();
    }
  });
});
