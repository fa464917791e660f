import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdFor, startDevProvider, type RunningDevProvider } from '../src/provider.js';

const clientId = 'test-client';
const clientSecret = 'test-client-secret';
const redirectUri = 'http://127.0.0.1:9/callback';

/** Follows nothing by itself and keeps the provider's cookies, like a browser restricted to one site. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    return response;
  }
}

describe('development OpenID Provider: authorization code flow', () => {
  let running: RunningDevProvider;
  let issuer: string;

  beforeAll(async () => {
    running = await startDevProvider(
      { port: 0, host: '127.0.0.1', issuer: 'http://placeholder', clientId, clientSecret, redirectUris: [redirectUri] },
      () => {},
    );
    await running.close();
    // The issuer must name the port the provider really listens on, so start again on the one just chosen.
    const port = new URL(running.url).port;
    issuer = `http://127.0.0.1:${port}`;
    running = await startDevProvider(
      { port: Number(port), host: '127.0.0.1', issuer, clientId, clientSecret, redirectUris: [redirectUri] },
      () => {},
    );
  });

  afterAll(() => running?.close());

  async function signIn(
    browser: Browser,
    email: string,
    firstName: string,
    verifier = randomBytes(32).toString('base64url'),
  ) {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    const auth = new URL(discovery.authorization_endpoint!);
    auth.search = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      state: 'st4te',
      nonce: 'n0nce',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const toInteraction = await browser.request(auth.toString());
    expect(toInteraction.status).toBe(303);
    const interactionUrl = new URL(toInteraction.headers.get('location')!, issuer).toString();

    const page = await browser.request(interactionUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('name="email"');
    expect(html).toContain('name="firstName"');
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    // Signing up accepts the terms (identity records it; decision 0103): the page says so and links them on the site.
    expect(html).toContain(`By continuing you accept the <a href="${new URL('/terms', redirectUri).toString()}">Terms</a> of Hunted.`);
    const action = /action="([^"]+)"/.exec(html)![1]!;

    let response = await browser.request(new URL(action, issuer).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, firstName }).toString(),
    });
    // Back to the authorization endpoint, which answers the client straight away: no consent screen.
    for (let hops = 0; hops < 5 && !response.headers.get('location')!.startsWith(redirectUri); hops++) {
      response = await browser.request(new URL(response.headers.get('location')!, issuer).toString());
      if (!response.headers.get('location')) throw new Error(`${response.status} ${await response.text()}`);
    }
    const callback = new URL(response.headers.get('location')!);
    expect(callback.searchParams.get('state')).toBe('st4te');
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const tokenResponse = await fetch(discovery.token_endpoint!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }).toString(),
    });
    expect(tokenResponse.status).toBe(200);
    const tokens = (await tokenResponse.json()) as { id_token: string; access_token: string };
    const idClaims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const userinfo = (await (
      await fetch(discovery.userinfo_endpoint!, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    ).json()) as Record<string, unknown>;
    return { idClaims, userinfo };
  }

  it('signs any email in through the form and issues tokens with its claims', async () => {
    const { idClaims, userinfo } = await signIn(new Browser(), 'Ada@Example.test', 'Ada');
    expect(idClaims).toMatchObject({
      iss: issuer,
      aud: clientId,
      nonce: 'n0nce',
      sub: accountIdFor('ada@example.test'),
    });
    expect(userinfo).toMatchObject({
      sub: accountIdFor('ada@example.test'),
      email: 'ada@example.test',
      email_verified: true,
      given_name: 'Ada',
    });
  });

  it('requires PKCE (S256) on the authorization request', async () => {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    const auth = new URL(discovery.authorization_endpoint as string);
    auth.search = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      state: 'st4te',
    }).toString();
    const response = await new Browser().request(auth.toString());
    // oidc-provider sends the error back to the client's redirect URI.
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('gives the same email the same account, and asks again even when the provider remembers someone', async () => {
    const browser = new Browser();
    const first = await signIn(browser, 'grace@example.test', 'Grace');
    const second = await signIn(browser, 'grace@example.test', 'Grace');
    expect(second.userinfo.sub).toBe(first.userinfo.sub);
    const other = await signIn(browser, 'linus@example.test', 'Linus');
    expect(other.userinfo.sub).not.toBe(first.userinfo.sub);
  });

  it('refuses a wrong client secret at the token endpoint', async () => {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:wrong`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', redirect_uri: redirectUri }).toString(),
    });
    expect(response.status).toBe(401);
  });
});
