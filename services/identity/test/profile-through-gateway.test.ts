import { startDevProvider, type RunningDevProvider } from '@hunted/dev-oidc-provider';
import { TIME_ZONE_PATH, type CurrentUserResponse } from '@hunted/contracts';
import { freePort, imageMetadataOf, startServiceApp, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayInFront, type GatewayInFront } from '../../../gateway/test/support/test-gateway.js';
import { createIdentityApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { Browser, signIn } from './oidc-browser.js';

/**
 * A member's sign-in, profile and sign-out as the site's pages make them: through the real gateway to the real
 * identity service and the development OpenID provider, the gateway's own address being the site's (PUBLIC_URL,
 * the provider's redirect URI). Was the server side of the platform journey; the header's menu and the profile
 * form are web/src/components/layouts/header.test.tsx and web/src/features/account/components/profile-form.test.tsx,
 * every rule of sign-in and profile edits identity.test.ts.
 */

const SCHEMA = 'identity_gateway_it';
const CLIENT_ID = 'hunted-gateway-test';
const CLIENT_SECRET = 'hunted-gateway-test-secret';
/** A real 1×1 PNG: identity checks a photo's bytes against its type, and a browser must be able to draw it. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('sign-in and the profile through the gateway', () => {
  let provider: RunningDevProvider;
  let identity: RunningServiceApp<NestFastifyApplication>;
  let site: GatewayInFront;

  beforeAll(async () => {
    // Identity's port is named first: the gateway is made pointing at it, and identity is told the gateway's address.
    const [identityPort, providerPort] = [await freePort(), await freePort()];
    site = await startGatewayInFront({ name: 'identity-gateway', services: { IDENTITY_URL: `http://127.0.0.1:${identityPort}` } });
    const issuer = `http://127.0.0.1:${providerPort}`;
    provider = await startDevProvider(
      {
        port: providerPort,
        host: '127.0.0.1',
        issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${site.base}/api/callback`],
      },
      () => {},
    );
    const env = testServiceEnv(SCHEMA, {
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      PUBLIC_URL: site.base,
      SESSION_SECRET: 'test-session-secret-0123456789abcdef0123',
    });
    identity = await startServiceApp(createIdentityApp, loadConfig(env), { port: identityPort });
  });

  afterAll(async () => {
    await site?.close();
    await identity?.close();
    await provider?.close();
  });

  it('signs a guest in, keeps their new last name, photo and time zone, serves the photo, and signs them out', async () => {
    const browser = new Browser();
    const guest = await browser.get(`${site.base}/api/auth/user`);
    expect(guest.status).toBe(401);

    const email = `ada-${process.pid}@example.test`;
    const { callback } = await signIn(browser, site.base, provider.url, email, 'Ada');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    const me = await browser.get(`${site.base}/api/auth/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, firstName: 'Ada', lastName: null, profileImageUrl: null, isAdmin: false });

    const saved = await browser.request(`${site.base}/api/auth/user`, {
      method: 'PATCH',
      headers: { origin: site.base, 'content-type': 'application/json' },
      body: JSON.stringify({ lastName: 'Lovelace', profileImageUrl: `data:image/png;base64,${PNG_1X1.toString('base64')}` }),
    });
    expect(saved.status).toBe(200);
    const { profileImageUrl } = (await saved.json()) as CurrentUserResponse;
    expect(profileImageUrl).toMatch(/^\/api\/auth\/avatars\//);

    // As the page reads it again after a reload.
    const reloaded = (await (await browser.get(`${site.base}/api/auth/user`)).json()) as CurrentUserResponse;
    expect(reloaded).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', profileImageUrl });
    // The header's <img> loads it through the gateway: the very bytes sent, as a PNG.
    const avatar = await browser.get(`${site.base}${profileImageUrl}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    // Stored as re-encoded (metadata dropped): the same 1×1 PNG, not the same bytes.
    expect(await imageMetadataOf(Buffer.from(await avatar.arrayBuffer()))).toMatchObject({ format: 'png', width: 1, height: 1 });

    // The browser's zone after sign-in, then the member's own choice on /edit-profile, as the page sends them.
    const zone = (body: unknown) =>
      browser.request(`${site.base}${TIME_ZONE_PATH}`, {
        method: 'PUT',
        headers: { origin: site.base, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const guessed = await zone({ timeZone: 'Europe/Madrid', onlyIfUnset: true });
    expect(guessed.status).toBe(200);
    expect(((await guessed.json()) as CurrentUserResponse).timeZone).toBe('Europe/Madrid');
    expect(((await (await zone({ timeZone: 'Europe/Paris' })).json()) as CurrentUserResponse).timeZone).toBe('Europe/Paris');
    expect((await zone({ timeZone: 'Mars/Olympus_Mons' })).status).toBe(400);
    expect(((await (await browser.get(`${site.base}/api/auth/user`)).json()) as CurrentUserResponse).timeZone).toBe('Europe/Paris');
    const guestZone = await fetch(`${site.base}${TIME_ZONE_PATH}`, {
      method: 'PUT',
      headers: { origin: site.base, 'content-type': 'application/json' },
      body: JSON.stringify({ timeZone: 'Europe/Paris' }),
    });
    expect(guestZone.status).toBe(401);

    const session = browser.cookies.get('hunted.sid')!;
    // The menu's Sign Out is a navigation of the page to /api/logout.
    const signedOut = await browser.request(`${site.base}/api/logout`, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe('/');
    expect(browser.cookies.has('hunted.sid')).toBe(false);
    const after = await fetch(`${site.base}/api/auth/user`, { headers: { cookie: `hunted.sid=${session}` } });
    expect(after.status).toBe(401);
  });
});
