import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  INTERNAL_SITEMAP_ENTRIES_PATH,
  INTERNAL_SITEMAP_FILES_PATH,
  sessionCookieName,
  type SitemapEntry,
  type SitemapFile,
} from '@hunted/contracts';
import { UNREACHABLE_PORT } from '@hunted/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, listen, startTestGateway, testGatewayConfig } from './support/test-gateway.js';
import type { GatewayApp } from '../src/app.js';

/**
 * Pages as machines read them, through the real gateway with small stand-ins for brands and hunters (whose own
 * tests, `services/brands/test/site-pages.test.ts`, run the gateway against the real service): each page's head and
 * status, escaping, the cache, and a service that is down or hangs.
 */

const INDEX = `<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" />
<!-- page-meta --><title>Hunted</title><!-- /page-meta -->
<link rel="stylesheet" href="/assets/web.css"><script type="module" src="/assets/index.js"></script>
</head><body><div id="root"></div></body></html>`;
/** As web/scripts/page-scripts.mjs writes it: each lazily loaded page's own scripts. */
const PAGE_SCRIPTS = {
  brand: ['/assets/brand-1.js'],
  myBookings: ['/assets/my-bookings-1.js', '/assets/london-clock-1.js'],
};

const PUBLIC_URL = 'https://hunted.example';
const FACTS_TIMEOUT_MS = 200;

const BRANDS: Record<string, object> = {
  '7': {
    id: 7,
    name: 'Loom & Co',
    description: 'Hand-woven scarves from a studio of four.',
    category: 'Accessories',
    location: 'UK',
    imageUrl: 'https://img.example/loom.jpg',
  },
  '8': { id: 8, name: '"><script>alert(1)</script>', description: '<img src=x onerror=alert(1)>', category: 'Bags', location: 'France', imageUrl: '' },
};
const HUNTERS: Record<string, object> = {
  '3': { id: 3, name: 'Sofia', bio: 'Vintage finds.', specialties: ['Vintage'], location: 'Italy', profileImageUrl: null, pricePerSession: 40, rating: null, reviewCount: 0 },
  '5': {
    id: 5,
    name: 'Mara Lind',
    bio: 'Scandinavian wardrobes.',
    specialties: ['Street Style'],
    location: 'Sweden',
    profileImageUrl: '/api/media/hunter-photos/0b6f7c1e-2f7a-4c1e-9a55-5d6f3e1c2b7a',
    pricePerSession: 60,
    rating: 4.5,
    reviewCount: 2,
    // Private fields never reach a public read; were one to, the head must not carry it either.
    joining: { whatsappVideo: { phone: '+447700900123' } },
  },
};

/**
 * A stand-in for a service's `GET /api/<kind>/{id}`, counting the reads it answers and every request it was asked
 * (`asked`); `hang` makes it accept and never answer.
 */
function standIn(kind: string, rows: Record<string, object>) {
  const reads: string[] = [];
  const asked: string[] = [];
  const control = { hang: false };
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    if (control.hang) return;
    reads.push(req.url ?? '');
    const id = new RegExp(`^/api/${kind}/(\\w+)$`).exec(req.url ?? '')?.[1] ?? '';
    const row = rows[id];
    res.writeHead(row ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(row ?? { statusCode: 404, message: 'Not found' }));
  });
  return { server, reads, asked, control };
}

/** The content of a meta tag (by name or property) or the title, as a crawler reads the document. */
function tag(html: string, key: string): string | null {
  if (key === 'title') return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
  if (key === 'canonical') return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
}

describe('pages for machines', () => {
  const brands = standIn('brands', BRANDS);
  const hunters = standIn('hunters', HUNTERS);
  let webDist: string;
  let gateway: GatewayApp;
  let base: string;
  let deadUrl: string;
  let huntersUrl: string;

  async function page(url: string, headers: Record<string, string> = {}, at = base): Promise<{ status: number; html: string }> {
    const response = await fetch(`${at}${url}`, { headers });
    return { status: response.status, html: await response.text() };
  }

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'gateway-pages-'));
    writeFileSync(path.join(webDist, 'page-scripts.json'), JSON.stringify(PAGE_SCRIPTS));
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    // Never listened on, so no test file running beside this one can come to listen there meanwhile.
    deadUrl = `http://127.0.0.1:${UNREACHABLE_PORT}`;
    const config = testGatewayConfig({
      name: 'pages',
      webDist,
      services: deadUrl,
      env: {
        PUBLIC_URL,
        BRANDS_URL: await listen(brands.server),
        HUNTERS_URL: (huntersUrl = await listen(hunters.server)),
        PAGE_FACTS_TIMEOUT_MS: String(FACTS_TIMEOUT_MS),
      },
    });
    ({ gateway, base } = await startTestGateway(config));
  });

  afterAll(async () => {
    await gateway.app.close();
    await Promise.all([close(brands.server), close(hunters.server)]);
    rmSync(webDist, { recursive: true, force: true });
  });

  it("gives a brand page the brand's title, description, canonical URL and share card", async () => {
    const { status, html } = await page('/brand/7');
    expect(status).toBe(200);
    expect(tag(html, 'title')).toBe('Loom &amp; Co · Hunted');
    expect(tag(html, 'description')).toBe('Hand-woven scarves from a studio of four.');
    expect(tag(html, 'canonical')).toBe(`${PUBLIC_URL}/brand/7/loom-co`);
    expect(tag(html, 'og:url')).toBe(`${PUBLIC_URL}/brand/7/loom-co`);
    expect(tag(html, 'og:image')).toBe('https://img.example/loom.jpg');
    expect(tag(html, 'og:type')).toBe('website');
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');
    // Its picture is fetched with the scripts, not once they have drawn the page.
    expect(html).toContain('<link rel="preload" href="https://img.example/loom.jpg" as="image" fetchpriority="high" />');
    expect(html).toContain('<div id="root"></div>');
    // The template's own title is replaced, not added to.
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('keeps a hostile brand name and description as text', async () => {
    const { html } = await page('/brand/8/anything');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(tag(html, 'og:title')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Hunted');
    expect(tag(html, 'og:image')).toBe(`${PUBLIC_URL}/og-card.png`);
    expect(html).not.toContain('as="image"');
  });

  it('reads a brand once for many views within the cache time', async () => {
    const before = brands.reads.filter((url) => url === '/api/brands/7').length;
    await Promise.all(Array.from({ length: 20 }, () => page('/brand/7/loom-co')));
    expect(brands.reads.filter((url) => url === '/api/brands/7').length).toBe(before);
  });

  it("gives a hunter's booking page the hunter's name, specialties and price", async () => {
    const { status, html } = await page('/book-session/3');
    expect(status).toBe(200);
    expect(tag(html, 'title')).toBe('Book Sofia, Style Hunter · Hunted');
    expect(tag(html, 'description')).toBe('Book a session with Sofia, a style hunter in Italy for Vintage. Sessions from £40. Vintage finds.');
    expect(tag(html, 'og:type')).toBe('profile');
  });

  it("gives a hunter's public page their name, rating, photo and its own canonical address, and nothing private", async () => {
    const { status, html } = await page('/hunters/5/mara-lind');
    expect(status).toBe(200);
    expect(tag(html, 'title')).toBe('Book Mara Lind, Style Hunter · Hunted');
    expect(tag(html, 'description')).toBe(
      'Book a session with Mara Lind, a style hunter in Sweden for Street Style. Sessions from £60. Rated 4.5/5 from 2 reviews. Scandinavian wardrobes.',
    );
    expect(tag(html, 'canonical')).toBe(`${PUBLIC_URL}/hunters/5/mara-lind`);
    expect(tag(html, 'og:image')).toBe(`${PUBLIC_URL}/api/media/hunter-photos/0b6f7c1e-2f7a-4c1e-9a55-5d6f3e1c2b7a`);
    expect(tag(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('447700900123');
    // The booking page names the public page as the hunter's one address; a slug that is out of date does too.
    expect(tag((await page('/book-session/5')).html, 'canonical')).toBe(`${PUBLIC_URL}/hunters/5/mara-lind`);
    expect(tag((await page('/hunters/5/old-name')).html, 'canonical')).toBe(`${PUBLIC_URL}/hunters/5/mara-lind`);
  });

  it('answers 404 (with the SPA) for a brand or hunter that does not exist and for a page the SPA does not know', async () => {
    for (const [url, title] of [
      ['/brand/999999999', 'Brand not found · Hunted'],
      ['/brand/007', 'Brand not found · Hunted'],
      ['/brand/abc/slug', 'Brand not found · Hunted'],
      ['/book-session/404', 'Hunter not found · Hunted'],
      ['/hunters/404/someone', 'Hunter not found · Hunted'],
      ['/hunters/abc', 'Hunter not found · Hunted'],
      ['/no/such/page', 'Page Not Found · Hunted'],
      ['/brand/7/loom-co/extra', 'Page Not Found · Hunted'],
    ]) {
      const { status, html } = await page(url!);
      expect(status, url).toBe(404);
      expect(tag(html, 'title'), url).toBe(title);
      expect(tag(html, 'robots'), url).toBe('noindex');
      expect(html, url).toContain('<div id="root"></div>');
    }
    // A non-canonical id is never asked for.
    expect(brands.reads).not.toContain('/api/brands/007');
  });

  it("preloads a signed-in page's first reads only for a request carrying a session", async () => {
    const read = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].map((match) => match[1]?.replaceAll('&amp;', '&'));
    expect(read((await page('/my-bookings')).html)).toEqual(['/api/auth/user']);
    const cookie = `${sessionCookieName(PUBLIC_URL)}=some-session`;
    expect(read((await page('/my-bookings', { cookie })).html)).toEqual([
      '/api/auth/user',
      '/api/my-bookings?limit=50&offset=0',
    ]);
  });

  it("preloads a page's own scripts at low priority at the end of its head, a signed-in page's only with a session", async () => {
    const scripts = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" fetchpriority="low" \/>/g)].map((match) => match[1]);
    const brand = (await page('/brand/7/loom-and-co')).html;
    expect(scripts(brand)).toEqual(['/assets/brand-1.js']);
    // After the stylesheet and the entry, which the first paint waits for, and still in the head.
    expect(brand.indexOf('/assets/brand-1.js')).toBeGreaterThan(brand.indexOf('/assets/index.js'));
    expect(brand.indexOf('/assets/brand-1.js')).toBeLessThan(brand.indexOf('</head>'));
    expect(scripts((await page('/my-bookings')).html)).toEqual([]);
    const cookie = `${sessionCookieName(PUBLIC_URL)}=some-session`;
    expect(scripts((await page('/my-bookings', { cookie })).html)).toEqual(['/assets/my-bookings-1.js', '/assets/london-clock-1.js']);
    // A page the build lists nothing for (its code is in the entry), and a page that is not there, get none.
    expect(scripts((await page('/')).html)).toEqual([]);
    expect(scripts((await page('/brand/404')).html)).toEqual([]);
  });

  it('gives the fixed pages their own words, and signed-in pages the generic ones', async () => {
    const faq = await page('/faq');
    expect(tag(faq.html, 'title')).toBe('Frequently Asked Questions · Hunted');
    expect(tag(faq.html, 'canonical')).toBe(`${PUBLIC_URL}/faq`);
    // A deep link in another case, with a trailing slash, is the same page (the SPA's router matches it so too).
    const shouted = await page('/FAQ/');
    expect(shouted.status).toBe(200);
    expect(tag(shouted.html, 'title')).toBe('Frequently Asked Questions · Hunted');
    const brandsList = await page('/brands?category=Shoes');
    expect(tag(brandsList.html, 'canonical')).toBe(`${PUBLIC_URL}/brands`);
    const saved = await page('/saved');
    expect(saved.status).toBe(200);
    expect(tag(saved.html, 'title')).toBe('Hunted · Discover Independent Brands');
    expect(tag(saved.html, 'canonical')).toBeNull();
  });

  it("answers /unsubscribe (an email's link, token and all) and /account-deleted, kept out of search indexes", async () => {
    for (const url of ['/unsubscribe?token=u1.message-nudges.sig', '/account-deleted']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(tag(html, 'robots'), url).toBe('noindex');
      expect(tag(html, 'canonical'), url).toBeNull();
    }
    expect(tag((await page('/faq')).html, 'robots')).toBeNull();
  });

  it('serves a brand page at once with the generic values while brands hangs, and leaves it alone a while', async () => {
    brands.control.hang = true;
    try {
      // Brands was asked and never answers: the page came at all, so it came from the facts timeout.
      const first = await page('/brand/12345');
      expect(first.status).toBe(200);
      expect(tag(first.html, 'title')).toBe('Hunted · Discover Independent Brands');
      expect(tag(first.html, 'robots')).toBeNull();
      expect(brands.asked).toContain('/api/brands/12345');
      // Resting: the next page does not wait at all, for brands is not even asked; a brand read before still shows
      // its own words.
      const next = await page('/brand/12346');
      expect(brands.asked).not.toContain('/api/brands/12346');
      expect(tag(next.html, 'title')).toBe('Hunted · Discover Independent Brands');
      expect(tag((await page('/brand/7')).html, 'title')).toBe('Loom &amp; Co · Hunted');
    } finally {
      brands.control.hang = false;
    }
  });

  it('serves a booking page with the generic values at once when hunters is down', async () => {
    await close(hunters.server);
    // A gateway that would wait an hour for the facts: an answer at all shows a refused connection is not waited on.
    const patient = await startTestGateway(
      testGatewayConfig({
        name: 'pages-patient',
        webDist,
        services: deadUrl,
        env: { PUBLIC_URL, HUNTERS_URL: huntersUrl, PAGE_FACTS_TIMEOUT_MS: '3600000' },
      }),
    );
    try {
      const { status, html } = await page('/book-session/77', {}, patient.base);
      expect(status).toBe(200);
      expect(tag(html, 'title')).toBe('Hunted · Discover Independent Brands');
    } finally {
      await patient.gateway.app.close();
    }
  });

  it('serves robots.txt naming the sitemap and keeping crawlers out of the API and signed-in pages', async () => {
    const response = await fetch(`${base}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/admin', '/saved', '/edit-profile', '/my-bookings', '/messages', '/hunter-dashboard', '/payment/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('answers 503 for the sitemap while a service cannot list its pages, and 404 for a file that cannot exist', async () => {
    const index = await fetch(`${base}/sitemap.xml`);
    expect(index.status).toBe(503);
    expect(index.headers.get('retry-after')).toBe('300');
    expect((await fetch(`${base}/sitemaps/widgets-1.xml`)).status).toBe(404);
    expect((await fetch(`${base}/sitemaps/brands-0.xml`)).status).toBe(404);
    expect((await fetch(`${base}/sitemaps/brands-999999.xml`)).status).toBe(404);
    const pages = await fetch(`${base}/sitemaps/pages.xml`);
    expect(pages.status).toBe(200);
    expect(await pages.text()).toContain(`<loc>${PUBLIC_URL}/faq</loc>`);
  });
});

/** Approved hunters as hunters lists them for the sitemap (by id), names as people type them. */
const SITEMAP_HUNTERS: SitemapEntry[] = [
  { id: 3, name: 'Sofia', lastModified: '2026-11-20T10:00:00.000Z' },
  { id: 5, name: 'Zoë Åberg-Lind', lastModified: '2026-11-21T10:00:00.000Z' },
  { id: 12, name: 'Mara & Co', lastModified: '2026-11-22T10:00:00.000Z' },
];

/**
 * A stand-in for a service's sitemap routes that keeps their contract (files of id ranges of `size`; entries after
 * a key, up to a bound, at most `limit`), so the gateway's files are read as they are from hunters.
 */
function sitemapStandIn(entries: SitemapEntry[]) {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const number = (key: string, fallback: number) => Number(url.searchParams.get(key) ?? fallback);
    let answer: unknown = { statusCode: 404, message: 'Not found' };
    if (url.pathname === INTERNAL_SITEMAP_FILES_PATH) {
      const size = number('size', 50_000);
      const files = new Map<number, SitemapFile>();
      for (const entry of entries) {
        const file = Math.ceil(entry.id / size);
        const seen = files.get(file);
        files.set(file, { file, urls: (seen?.urls ?? 0) + 1, lastModified: entry.lastModified });
      }
      answer = [...files.values()];
    } else if (url.pathname === INTERNAL_SITEMAP_ENTRIES_PATH) {
      const [after, upTo, limit] = [number('after', 0), number('upTo', Number.MAX_SAFE_INTEGER), number('limit', 1_000)];
      answer = entries.filter((entry) => entry.id > after && entry.id <= upTo).slice(0, limit);
    }
    res.writeHead(Array.isArray(answer) ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
}

describe("the hunters' sitemap files", () => {
  const brands = sitemapStandIn([]);
  const hunters = sitemapStandIn(SITEMAP_HUNTERS);
  let webDist: string;
  let gateway: GatewayApp;
  let base: string;

  /** Each `<url>` of a sitemap file as its location and last change. */
  async function urls(name: string): Promise<{ loc: string; lastmod: string | undefined }[]> {
    const response = await fetch(`${base}/sitemaps/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
    return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(([, loc, lastmod]) => ({
      loc: loc!,
      lastmod,
    }));
  }

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'gateway-sitemap-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    const deadUrl = `http://127.0.0.1:${UNREACHABLE_PORT}`;
    const config = testGatewayConfig({
      name: 'pages-sitemap',
      webDist,
      services: deadUrl,
      // Files of ten ids, so the three hunters fall in two files.
      env: { PUBLIC_URL, BRANDS_URL: await listen(brands), HUNTERS_URL: await listen(hunters), SITEMAP_URLS_PER_FILE: '10' },
    });
    ({ gateway, base } = await startTestGateway(config));
  });

  afterAll(async () => {
    await gateway.app.close();
    await Promise.all([close(brands), close(hunters)]);
    rmSync(webDist, { recursive: true, force: true });
  });

  it("names each approved hunter's public page, /hunters/{id}/{slug}, in the hunters files the index lists", async () => {
    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<sitemap><loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);
    expect(files).toEqual([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      `${PUBLIC_URL}/sitemaps/hunters-1.xml`,
      `${PUBLIC_URL}/sitemaps/hunters-2.xml`,
    ]);

    expect(await urls('hunters-1.xml')).toEqual([
      { loc: `${PUBLIC_URL}/hunters/3/sofia`, lastmod: '2026-11-20T10:00:00.000Z' },
      { loc: `${PUBLIC_URL}/hunters/5/zoe-aberg-lind`, lastmod: '2026-11-21T10:00:00.000Z' },
    ]);
    // The slug drops what an address cannot carry; the id alone decides the page.
    expect(await urls('hunters-2.xml')).toEqual([{ loc: `${PUBLIC_URL}/hunters/12/mara-co`, lastmod: '2026-11-22T10:00:00.000Z' }]);
    // A range without hunters is an empty file, not an error.
    expect(await urls('hunters-3.xml')).toEqual([]);
  });
});
