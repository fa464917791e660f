import { expect } from 'vitest';

/** A browser's cookie jar and manual redirects, enough to walk the sign-in over real HTTP. */
export class Browser {
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

/**
 * Walks `<site>/api/login` -> the development provider's form (at `provider`) -> `<site>/api/callback`, where
 * `site` is identity itself or a gateway in front of it; returns the callback's answer, the session cookie the
 * browser held before signing in, and the cookie the callback set.
 */
export async function signIn(browser: Browser, site: string, provider: string, email: string, firstName: string, login = '/api/login') {
  const start = await browser.get(`${site}${login}`);
  expect(start.status).toBe(302);
  const preLoginCookie = browser.cookies.get('hunted.sid');
  let response = await browser.get(start.headers.get('location')!);
  for (let hops = 0; hops < 3 && response.status === 303; hops++) {
    response = await browser.get(new URL(response.headers.get('location')!, provider).toString());
  }
  const html = await response.text();
  expect(html).toContain('<button type="submit">Sign in</button>');
  const action = /action="([^"]+)"/.exec(html)![1]!;
  response = await browser.request(new URL(action, provider).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, firstName }).toString(),
  });
  while (!response.headers.get('location')!.startsWith(`${site}/api/callback`)) {
    response = await browser.get(new URL(response.headers.get('location')!, provider).toString());
  }
  const callback = await browser.get(response.headers.get('location')!);
  return { callback, preLoginCookie, setCookie: callback.headers.get('set-cookie') ?? '' };
}
