// Signs in through the real OpenID Connect flow (gateway -> identity -> development provider -> callback) with
// plain HTTP, and returns the session cookie — for load tools, which cannot drive a browser.

import { ACCEPTABLE_TERMS, LEGAL_DOCUMENT_VERSIONS, TERMS_ACCEPTANCES_PATH } from '@hunted/contracts';

/** Cookies per origin, as a browser would keep them (path and expiry are not needed for this flow). */
class CookieJar {
  #byOrigin = new Map();
  store(url, response) {
    const origin = new URL(url).origin;
    const jar = this.#byOrigin.get(origin) ?? new Map();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    this.#byOrigin.set(origin, jar);
  }
  header(url) {
    const jar = this.#byOrigin.get(new URL(url).origin);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }
  get(url, name) {
    return this.#byOrigin.get(new URL(url).origin)?.get(name);
  }
}

async function request(jar, url, init = {}) {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: jar.header(url) } });
  jar.store(url, response);
  return response;
}

/** Follows redirects by hand so every hop's cookies land in the jar; returns the final response and its URL. */
async function follow(jar, url, init) {
  let current = url;
  let response = await request(jar, current, init);
  for (let hop = 0; hop < 20 && response.status >= 300 && response.status < 400; hop++) {
    current = new URL(response.headers.get('location'), current).toString();
    response = await request(jar, current);
  }
  return { response, url: current };
}

export async function signInThroughProvider(baseUrl, email, firstName) {
  const jar = new CookieJar();
  const loginPage = await follow(jar, `${baseUrl}/api/login`);
  const html = await loginPage.response.text();
  const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form at ${loginPage.url} (status ${loginPage.response.status})`);
  const formUrl = new URL(action.replaceAll('&amp;', '&'), loginPage.url).toString();
  const signedIn = await follow(jar, formUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, firstName }).toString(),
  });
  const sid = jar.get(baseUrl, 'hunted.sid');
  if (!sid) throw new Error(`sign-in did not set a session cookie (ended at ${signedIn.url}, status ${signedIn.response.status})`);
  const cookie = `hunted.sid=${sid}`;
  await acceptCurrentTerms(baseUrl, cookie);
  return cookie;
}

/**
 * Accepts the current terms and hunters' terms (decision 0103), as the terms dialog would: a load tool's member then
 * books and makes hunter profiles without the 409 that asks a person to read them first.
 */
async function acceptCurrentTerms(baseUrl, cookie) {
  for (const document of ACCEPTABLE_TERMS) {
    const response = await fetch(`${baseUrl}${TERMS_ACCEPTANCES_PATH}`, {
      method: 'POST',
      headers: { cookie, origin: new URL(baseUrl).origin, 'content-type': 'application/json' },
      body: JSON.stringify({ document, version: LEGAL_DOCUMENT_VERSIONS[document] }),
    });
    if (response.status !== 200) throw new Error(`accepting ${document} answered ${response.status}: ${await response.text()}`);
  }
}
