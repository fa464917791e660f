import { SignJWT } from 'jose';
import pg from 'pg';
import { accountIdFor, startDevProvider, type RunningDevProvider } from '@hunted/dev-oidc-provider';
import {
  LEGAL_DOCUMENT_VERSIONS,
  TERMS_ACCEPTANCES_PATH,
  TERMS_CHANGED_MESSAGE,
  TIME_ZONE_PATH,
  type CurrentUserResponse,
  type SessionResolution,
  type TermsAcceptancesResponse,
} from '@hunted/contracts';
import { generateInternalKeyPair, IDENTITY_HEADER, signInternalToken } from '@hunted/platform';
import {
  freePort,
  readJobScheduler,
  startServiceApp,
  TEST_DATABASE_URL,
  TEST_INTERNAL_AUTH_PUBLIC_KEY,
  testIdentityToken,
  TEST_REDIS_URL,
  testServiceEnv,
  TEST_PNG,
  imageMetadataOf,
  jpegWithGps,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createIdentityApp } from '../src/app.js';
import { EMAIL_NOT_VERIFIED } from '../src/auth/oidc-client.js';
import { signSessionId } from '../src/sessions/session-cookie.js';
import { EMAIL_OF_ANOTHER_ACCOUNT } from '../src/users/users.service.js';
import { loadConfig } from '../src/config.js';
import { SESSION_PURGE_QUEUE, SESSION_PURGE_SCHEDULER } from '../src/sessions/session-purge.job.js';
import { SessionStore } from '../src/sessions/session.store.js';
import { Browser, signIn as signInThrough } from './oidc-browser.js';

const SCHEMA = 'identity_it';
const REDIS_PREFIX = `test:identity:${process.pid}:`;
const CLIENT_ID = 'hunted-test';
const CLIENT_SECRET = 'hunted-test-secret';
/** A real image: every upload is decoded in full before it is stored. */
const PNG = TEST_PNG;
/** The daily allowance of profile photos this file's service is started with (the default is 10, and 25 MB). */
const AVATARS_PER_DAY = 3;

describe('identity: sign-in, sessions and the current user', () => {
  let provider: RunningDevProvider;
  let running: RunningServiceApp<NestFastifyApplication>;
  let app: NestFastifyApplication;
  let identity: string;
  let db: pg.Client;
  let issuer: string;
  let baseConfig: Record<string, string>;

  beforeAll(async () => {
    const [providerPort, identityPort] = [await freePort(), await freePort()];
    identity = `http://127.0.0.1:${identityPort}`;
    issuer = `http://127.0.0.1:${providerPort}`;
    provider = await startDevProvider(
      {
        port: providerPort,
        host: '127.0.0.1',
        issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${identity}/api/callback`],
        // Addresses the provider does not vouch for: false, or no email_verified claim at all.
        emailVerified: (email) =>
          email.startsWith('unverified') ? false : email.startsWith('unflagged') ? undefined : true,
      },
      () => {},
    );

    baseConfig = testServiceEnv(SCHEMA, {
      REDIS_PREFIX,
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      PUBLIC_URL: identity,
      SESSION_SECRET: 'test-session-secret-0123456789abcdef0123',
      ADMIN_EMAILS: 'Boss@Hunted.test, other@hunted.test',
      AVATARS_PER_DAY: String(AVATARS_PER_DAY),
    });
    running = await startServiceApp(createIdentityApp, loadConfig(baseConfig), { port: identityPort });
    app = running.app;
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await running?.close();
    await provider?.close();
  });

  /** Walks /api/login -> provider form -> callback at identity itself (oidc-browser.ts). */
  function signIn(browser: Browser, email: string, firstName: string, login = '/api/login') {
    return signInThrough(browser, identity, provider.url, email, firstName, login);
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
      [IDENTITY_HEADER]: await testIdentityToken(
        { id: userId, email, firstName: null, lastName: null, isAdmin: false },
        'identity',
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

  it('records the current terms at sign-up, accepts the current hunters\' terms only, and the gateway\'s lookup says which', async () => {
    const browser = new Browser();
    await signIn(browser, 'terry@example.test', 'Terry');
    const cookie = browser.cookies.get('hunted.sid');
    const { user } = await resolveSession(cookie);
    // Signing up accepted the terms (the provider's page says so); the hunters' terms are asked for later.
    expect(user!.acceptedTerms).toEqual(['terms']);
    const headers = { ...(await asUser(user!.id, user!.email)), 'content-type': 'application/json' };
    const listed = (await (await fetch(`${identity}${TERMS_ACCEPTANCES_PATH}`, { headers })).json()) as TermsAcceptancesResponse;
    expect(listed).toEqual({
      acceptances: [{ document: 'terms', version: LEGAL_DOCUMENT_VERSIONS.terms, acceptedAt: expect.any(String) }],
      accepted: ['terms'],
    });

    const accept = (body: unknown) =>
      fetch(`${identity}${TERMS_ACCEPTANCES_PATH}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const stale = await accept({ document: 'hunterTerms', version: '2000-01-01' });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { message: string }).message).toBe(TERMS_CHANGED_MESSAGE);
    expect((await accept({ document: 'privacy', version: LEGAL_DOCUMENT_VERSIONS.privacy })).status).toBe(400);
    expect((await resolveSession(cookie)).user!.acceptedTerms).toEqual(['terms']);

    const accepted = await accept({ document: 'hunterTerms', version: LEGAL_DOCUMENT_VERSIONS.hunterTerms });
    expect(accepted.status).toBe(200);
    const answer = (await accepted.json()) as TermsAcceptancesResponse;
    expect(answer.accepted).toEqual(['terms', 'hunterTerms']);
    expect(answer.acceptances.map((row) => row.document).sort()).toEqual(['hunterTerms', 'terms']);
    // Accepting again keeps the first time.
    const again = (await (await accept({ document: 'hunterTerms', version: LEGAL_DOCUMENT_VERSIONS.hunterTerms })).json()) as TermsAcceptancesResponse;
    expect(again.acceptances).toEqual(answer.acceptances);
    expect((await resolveSession(cookie)).user!.acceptedTerms).toEqual(['terms', 'hunterTerms']);

    // A version that is no longer current (the terms changed since) does not count as accepted now.
    await db.query(`update ${SCHEMA}.terms_acceptances set version = '2000-01-01' where user_id = $1 and document = 'terms'`, [user!.id]);
    expect((await resolveSession(cookie)).user!.acceptedTerms).toEqual(['hunterTerms']);
    // A returning member is not recorded as accepting again: only a sign-up is.
    await signIn(new Browser(), 'terry@example.test', 'Terry');
    expect((await resolveSession(cookie)).user!.acceptedTerms).toEqual(['hunterTerms']);
    expect((await fetch(`${identity}${TERMS_ACCEPTANCES_PATH}`)).status).toBe(401);
    // A token for an account that is gone: signed out, nothing recorded.
    const gone = await fetch(`${identity}${TERMS_ACCEPTANCES_PATH}`, {
      method: 'POST',
      headers: { ...(await asUser('no-such-user', 'gone@example.test')), 'content-type': 'application/json' },
      body: JSON.stringify({ document: 'terms', version: LEGAL_DOCUMENT_VERSIONS.terms }),
    });
    expect(gone.status).toBe(401);
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

  async function userRow(email: string) {
    const { rows } = await db.query(`select id, issuer, subject, email from ${SCHEMA}.users where email = $1`, [email]);
    return rows[0] as { id: string; issuer: string | null; subject: string | null; email: string } | undefined;
  }

  async function sessionExpiry(cookie: string): Promise<number> {
    const sid = decodeURIComponent(cookie).split('.')[0];
    const { rows } = await db.query(`select expire from ${SCHEMA}.sessions where sid = $1`, [sid]);
    return (rows[0].expire as Date).getTime();
  }

  describe('accounts keyed by issuer and subject', () => {
    it('sends PKCE (S256) on the authorization redirect and keeps the verifier in the session', async () => {
      const browser = new Browser();
      const start = await browser.get(`${identity}/api/login`);
      const location = new URL(start.headers.get('location')!);
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      const challenge = location.searchParams.get('code_challenge')!;
      expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const sid = decodeURIComponent(browser.cookies.get('hunted.sid')!).split('.')[0];
      const { rows } = await db.query(`select sess->>'pkceVerifier' as v from ${SCHEMA}.sessions where sid = $1`, [
        sid,
      ]);
      expect(createHash('sha256').update(rows[0].v).digest('base64url')).toBe(challenge);
      // The dev provider requires PKCE, so every completed sign-in in this file also proves the verifier is sent.
    });

    it('stores the issuer and subject, finds the user by them, and follows a changed email', async () => {
      const first = new Browser();
      await signIn(first, 'sub@example.test', 'Sub');
      const row = (await userRow('sub@example.test'))!;
      expect(row).toMatchObject({ issuer, subject: accountIdFor('sub@example.test') });

      // The provider changed this person's address since: the subject still names them.
      await db.query(`update ${SCHEMA}.users set email = 'sub-old@example.test' where id = $1`, [row.id]);
      const again = new Browser();
      await signIn(again, 'sub@example.test', 'Sub');
      const resolved = await resolveSession(again.cookies.get('hunted.sid'));
      expect(resolved.user).toMatchObject({ id: row.id, email: 'sub@example.test' });
      expect(await userRow('sub-old@example.test')).toBeUndefined();
      const updates = (await outbox('identity.user.updated')).filter((r) => r.data.userId === row.id);
      expect(updates.at(-1)!.data).toMatchObject({ email: 'sub@example.test' });
      expect((await outbox('identity.user.registered')).filter((r) => r.data.userId === row.id)).toHaveLength(1);
    });

    it('links a row that has the email and no subject once, then refuses another subject with that email', async () => {
      await db.query(
        `insert into ${SCHEMA}.users (id, email, first_name) values ('legacy-user', 'legacy@example.test', 'Leg')`,
      );
      const browser = new Browser();
      const { callback } = await signIn(browser, 'legacy@example.test', 'New name');
      expect(callback.status).toBe(302);
      const resolved = await resolveSession(browser.cookies.get('hunted.sid'));
      expect(resolved.user).toMatchObject({ id: 'legacy-user', email: 'legacy@example.test', firstName: 'Leg' });
      expect(await userRow('legacy@example.test')).toMatchObject({
        issuer,
        subject: accountIdFor('legacy@example.test'),
      });
      expect(
        (await outbox('identity.user.registered')).filter((r) => r.data.email === 'legacy@example.test'),
      ).toHaveLength(0);

      // The address now arrives with another subject (it changed hands at the provider): refused, not merged.
      await db.query(`update ${SCHEMA}.users set subject = 'someone-else' where id = 'legacy-user'`);
      const intruder = new Browser();
      const refused = await signIn(intruder, 'legacy@example.test', 'Intruder');
      expect(refused.callback.status).toBe(403);
      expect(await refused.callback.text()).toContain(EMAIL_OF_ANOTHER_ACCOUNT.replace(/'/g, '&#39;'));
      expect((await resolveSession(intruder.cookies.get('hunted.sid'))).user).toBeNull();
      expect(await userRow('legacy@example.test')).toMatchObject({ id: 'legacy-user', subject: 'someone-else' });
    });

    it('refuses an address the provider does not say is verified (false or missing), creating nobody', async () => {
      for (const email of ['unverified@example.test', 'unflagged@example.test']) {
        const browser = new Browser();
        const { callback } = await signIn(browser, email, 'Eve');
        expect(callback.status, email).toBe(403);
        expect(callback.headers.get('content-type')).toMatch(/text\/html/);
        expect(await callback.text()).toContain(EMAIL_NOT_VERIFIED);
        expect((await resolveSession(browser.cookies.get('hunted.sid'))).user).toBeNull();
        expect(await userRow(email)).toBeUndefined();
      }
    });
  });

  describe('sign-out and failed callbacks leave a session alone', () => {
    it('refuses a cross-site GET /api/logout and keeps the session', async () => {
      const browser = new Browser();
      await signIn(browser, 'stay@example.test', 'Stay');
      const cookie = browser.cookies.get('hunted.sid')!;
      const crossSite = await browser.request(`${identity}/api/logout`, {
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
      expect(crossSite.headers.get('set-cookie')).toBeNull();
      expect(await crossSite.text()).toMatch(/still signed in/);
      expect((await resolveSession(cookie)).user).toMatchObject({ email: 'stay@example.test' });

      const sameOrigin = await browser.request(`${identity}/api/logout`, {
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(sameOrigin.status).toBe(302);
      expect((await resolveSession(cookie)).user).toBeNull();
    });

    it('keeps a signed-in session, and its expiry, through failed callbacks and a new sign-in start', async () => {
      const browser = new Browser();
      await signIn(browser, 'keep@example.test', 'Keep');
      const cookie = browser.cookies.get('hunted.sid')!;
      const expiry = await sessionExpiry(cookie);
      for (const query of ['code=forged&state=forged', 'error=access_denied&state=x', 'code=x']) {
        const failed = await browser.get(`${identity}/api/callback?${query}`);
        expect(failed.status, query).toBe(302);
        expect(failed.headers.get('set-cookie')).toBeNull();
        expect((await resolveSession(cookie)).user, query).toMatchObject({ email: 'keep@example.test' });
        expect(await sessionExpiry(cookie), query).toBe(expiry);
      }
      // Starting another sign-in (and abandoning it) neither shortens nor extends the session either.
      const start = await browser.get(`${identity}/api/login`);
      expect(start.status).toBe(302);
      expect(browser.cookies.get('hunted.sid')).toBe(cookie);
      expect(await sessionExpiry(cookie)).toBe(expiry);
      const failedAfterStart = await browser.get(`${identity}/api/callback?code=forged&state=forged`);
      expect(failedAfterStart.status).toBe(302);
      expect((await resolveSession(cookie)).user).toMatchObject({ email: 'keep@example.test' });
      expect(await sessionExpiry(cookie)).toBe(expiry);
    });
  });

  describe('with an https PUBLIC_URL', () => {
    let secureApp: RunningServiceApp<NestFastifyApplication>;
    let secureIdentity: string;

    beforeAll(async () => {
      // On the suite's schema, which the first app cleans up.
      const config = loadConfig({ ...baseConfig, PUBLIC_URL: 'https://hunted.test' });
      secureApp = await startServiceApp(createIdentityApp, config, { fresh: false });
      secureIdentity = secureApp.base;
    });

    afterAll(() => secureApp?.close());

    it('names the cookie __Host-hunted.sid, Secure, Path=/, no Domain, and reads only that name', async () => {
      const start = await fetch(`${secureIdentity}/api/login`, { redirect: 'manual' });
      expect(start.status).toBe(302);
      const setCookie = start.headers.get('set-cookie')!;
      expect(setCookie).toMatch(
        /^__Host-hunted\.sid=[^;]+; Path=\/; Max-Age=3600; Expires=[^;]+; HttpOnly; SameSite=Lax; Secure$/,
      );
      expect(setCookie).not.toMatch(/domain=/i);

      await db.query(`insert into ${SCHEMA}.users (id, email) values ('https-user', 'https@example.test')`);
      const user = { id: 'https-user' };
      const store = secureApp.app.get(SessionStore);
      await store.set('https-session', { userId: user.id }, new Date(Date.now() + 60_000));
      const value = encodeURIComponent(signSessionId('https-session', baseConfig.SESSION_SECRET!));
      const lookUp = async (cookie: string) =>
        (
          (await (
            await fetch(`${secureIdentity}/internal/session`, { headers: { cookie } })
          ).json()) as SessionResolution
        ).user;
      expect(await lookUp(`__Host-hunted.sid=${value}`)).toMatchObject({ id: user.id });
      // The unprefixed name could have been planted by a sibling subdomain; it means nothing here.
      expect(await lookUp(`hunted.sid=${value}`)).toBeNull();

      const logout = await fetch(`${secureIdentity}/api/logout`, {
        headers: { cookie: `__Host-hunted.sid=${value}` },
        redirect: 'manual',
      });
      expect(logout.headers.get('set-cookie')).toMatch(/^__Host-hunted\.sid=; Path=\/; Max-Age=0;.*; Secure$/);
      expect(await lookUp(`__Host-hunted.sid=${value}`)).toBeNull();
    });
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
          aud: 'hunted:identity',
          exp: Math.floor(Date.now() / 1000) + 60,
        }),
      ).toString('base64url')}.`;
      const wrongKey = await signInternalToken(
        { id: userId, email, firstName: null, lastName: null, isAdmin: true, acceptedTerms: [] },
        generateInternalKeyPair().privateKey,
        'identity',
      );
      const forAnotherService = await testIdentityToken(
        { id: userId, email, firstName: null, lastName: null, isAdmin: true },
        'brands',
      );
      const hs256Forged = await new SignJWT({ email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer('hunted-gateway')
        .setAudience('hunted:identity')
        .setExpirationTime('1m')
        .sign(new TextEncoder().encode(TEST_INTERNAL_AUTH_PUBLIC_KEY));
      for (const forged of [plainJson, unsigned, wrongKey, forAnotherService, hs256Forged, userId]) {
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
      expect((await imageMetadataOf(Buffer.from(await avatar.arrayBuffer()))).format).toBe('png');

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

    it(`takes at most ${AVATARS_PER_DAY} photos a day (AVATARS_PER_DAY), stripped of EXIF; beyond, 429 naming the limit and nothing changed`, async () => {
      // The test above uploaded one today; two more reach the allowance.
      const first = await patch({ profileImageUrl: `data:image/jpeg;base64,${(await jpegWithGps()).toString('base64')}` });
      expect(first.status).toBe(200);
      const withGps = (await first.json()) as CurrentUserResponse;
      const stored = await imageMetadataOf(Buffer.from(await (await fetch(`${identity}${withGps.profileImageUrl}`)).arrayBuffer()));
      expect(stored).toMatchObject({ format: 'jpeg', width: 2, height: 4 });
      expect(stored.exif).toBeUndefined();
      const last = await patch({ profileImageUrl: `data:image/png;base64,${PNG.toString('base64')}` });
      expect(last.status).toBe(200);
      const kept = (await last.json()) as CurrentUserResponse;

      const over = await patch({ firstName: 'Over', profileImageUrl: `data:image/png;base64,${PNG.toString('base64')}` });
      expect(over.status).toBe(429);
      expect((await over.json()).message).toBe(`You can upload ${AVATARS_PER_DAY} profile photos a day; try again tomorrow`);
      const { rows } = await db.query(`select id from ${SCHEMA}.images where user_id = $1`, [userId]);
      expect(rows.map((row) => `/api/auth/avatars/${row.id}`)).toEqual([kept.profileImageUrl]);
      const current = (await (await fetch(`${identity}/api/auth/user`, { headers: await asUser(userId, email) })).json()) as CurrentUserResponse;
      expect(current).toMatchObject({ firstName: 'Patricia', profileImageUrl: kept.profileImageUrl });
      // Keeping the photo it has, or changing only names, spends nothing.
      expect((await patch({ profileImageUrl: kept.profileImageUrl, firstName: 'Patricia' })).status).toBe(200);
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

    it('refuses control characters in names and a NUL anywhere with a 400 naming the field, never a 500', async () => {
      for (const [field, value] of [
        ['firstName', 'Ann\u001b'],
        ['firstName', 'Ann\rBCC: x'],
        ['lastName', 'Lee\nEvil'],
        ['lastName', 'Lee\u0085'],
      ] as const) {
        const response = await patch({ [field]: value });
        expect(response.status, JSON.stringify(value)).toBe(400);
        const body = (await response.json()) as { errors: Record<string, string> };
        expect(body.errors, JSON.stringify(value)).toEqual({
          [field]: `${field === 'firstName' ? 'First' : 'Last'} name may not contain control characters (such as line breaks)`,
        });
      }
      for (const body of [{ firstName: 'Ann\u0000' }, { instagramUrl: 'https://instagram.com/a\u0000b' }]) {
        const nul = await patch(body);
        expect(nul.status).toBe(400);
        expect(((await nul.json()) as { errors: Record<string, string> }).errors).toEqual({
          [Object.keys(body)[0]!]: 'Text may not contain the NUL character (\\u0000)',
        });
      }
    });

    it('refuses a non-http Instagram link and over-long names', async () => {
      expect((await patch({ instagramUrl: 'javascript:alert(1)' })).status).toBe(400);
      expect((await patch({ instagramUrl: `https://instagram.com/${'a'.repeat(500)}` })).status).toBe(400);
      expect((await patch({ firstName: 'a'.repeat(101) })).status).toBe(400);
    });
  });

  describe('PUT /api/account/time-zone', () => {
    let userId: string;
    const email = 'zone@example.test';

    beforeAll(async () => {
      const browser = new Browser();
      await signIn(browser, email, 'Zoe');
      userId = (await resolveSession(browser.cookies.get('hunted.sid'))).user!.id;
    });

    async function put(body: unknown, headers: Record<string, string> | null = null) {
      return fetch(`${identity}${TIME_ZONE_PATH}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(headers ?? (await asUser(userId, email))) },
        body: JSON.stringify(body),
      });
    }

    async function zoneUpdates(): Promise<Record<string, unknown>[]> {
      return (await outbox('identity.user.updated')).map((row) => row.data).filter((data) => data.userId === userId);
    }

    it('knows no zone for a new member, then stores a valid one, shows it and announces it', async () => {
      const before = (await (await fetch(`${identity}/api/auth/user`, { headers: await asUser(userId, email) })).json()) as CurrentUserResponse;
      expect(before.timeZone).toBeNull();

      const response = await put({ timeZone: 'Europe/Paris' });
      expect(response.status).toBe(200);
      expect(((await response.json()) as CurrentUserResponse).timeZone).toBe('Europe/Paris');
      const current = (await (await fetch(`${identity}/api/auth/user`, { headers: await asUser(userId, email) })).json()) as CurrentUserResponse;
      expect(current.timeZone).toBe('Europe/Paris');
      expect((await zoneUpdates()).at(-1)).toMatchObject({ userId, email, firstName: 'Zoe', timeZone: 'Europe/Paris' });

      // The same zone again changes nothing and announces nothing.
      const count = (await zoneUpdates()).length;
      expect((await put({ timeZone: 'Europe/Paris' })).status).toBe(200);
      expect(await zoneUpdates()).toHaveLength(count);
    });

    it("never lets the browser's first guess (onlyIfUnset) overwrite a zone the member chose", async () => {
      await put({ timeZone: 'Europe/Madrid' });
      const count = (await zoneUpdates()).length;
      const guess = await put({ timeZone: 'America/New_York', onlyIfUnset: true });
      expect(guess.status).toBe(200);
      expect(((await guess.json()) as CurrentUserResponse).timeZone).toBe('Europe/Madrid');
      expect(await zoneUpdates()).toHaveLength(count);
    });

    it('fills a missing zone from the browser (onlyIfUnset)', async () => {
      const browser = new Browser();
      const otherEmail = 'zone-guess@example.test';
      await signIn(browser, otherEmail, 'Gus');
      const otherId = (await resolveSession(browser.cookies.get('hunted.sid'))).user!.id;
      const response = await put({ timeZone: 'Europe/Athens', onlyIfUnset: true }, await asUser(otherId, otherEmail));
      expect(response.status).toBe(200);
      expect(((await response.json()) as CurrentUserResponse).timeZone).toBe('Europe/Athens');
    });

    it('refuses an unknown zone, a non-string and unknown fields with a 400 naming the field, and changes nothing', async () => {
      await put({ timeZone: 'Europe/Madrid' });
      for (const body of [
        { timeZone: 'Europe/Atlantis' },
        { timeZone: 'GMT+1; drop table users' },
        { timeZone: '' },
        { timeZone: 'x'.repeat(200) },
        { timeZone: 42 },
        {},
      ]) {
        const response = await put(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        const text = JSON.stringify(await response.json());
        expect(text).toContain('timeZone');
        expect(text).toContain('IANA');
      }
      const unknownField = await put({ timeZone: 'Europe/Paris', isAdmin: true });
      expect(unknownField.status).toBe(400);
      expect(JSON.stringify(await unknownField.json())).toContain('isAdmin');
      const current = (await (await fetch(`${identity}/api/auth/user`, { headers: await asUser(userId, email) })).json()) as CurrentUserResponse;
      expect(current.timeZone).toBe('Europe/Madrid');
    });

    it('answers a guest with 401', async () => {
      const response = await fetch(`${identity}${TIME_ZONE_PATH}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ timeZone: 'Europe/Paris' }),
      });
      expect(response.status).toBe(401);
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

    const scheduler = await readJobScheduler({
      redisUrl: TEST_REDIS_URL,
      redisPrefix: REDIS_PREFIX,
      queue: SESSION_PURGE_QUEUE,
      id: SESSION_PURGE_SCHEDULER,
    });
    expect(scheduler).toMatchObject({ every: 3_600_000 });
  });
});
