import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brandSlug, SITEMAP_MAX_URLS } from '@hunted/contracts';
import { TEST_INTERNAL_AUTH_PRIVATE_KEY, TEST_INTERNAL_AUTH_PUBLIC_KEY, TEST_REDIS_URL, UNREACHABLE_PORT } from '@hunted/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The gateway is not a service: it writes the pages' heads and the sitemap from what brands answers.
import { createGatewayApp, type GatewayApp } from '../../../gateway/src/app.js';
import { gatewayEnvSchema } from '../../../gateway/src/config.js';
import { SITEMAP_READ_PAGE } from '../../../gateway/src/pages/sitemap.js';
import { insertBrand, startBrands, type RunningBrands } from './support.js';

/**
 * Brand pages as machines read them, through the real gateway and the real brands service: a brand page's head
 * (escaped) and status, its fallback when brands is gone, and the sitemap of a directory of 100,000 brands, split
 * into files of at most 50,000 URLs and streamed while brands is read a keyset page at a time.
 */

const SCHEMA = 'brands_site_pages';
const DIRECTORY = 100_000;
const PUBLIC_URL = 'https://hunted.example';
const INDEX = '<!doctype html><html><head><!-- page-meta --><title>Hunted</title><!-- /page-meta --></head><body><div id="root"></div></body></html>';

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Every entry read the gateway made from brands, with how many bytes of the sitemap the client held at that moment. */
interface EntriesRead {
  limit: number;
  clientBytes: number;
}

const URL_ELEMENT = /<url><loc>([^<>]+)<\/loc><lastmod>(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)<\/lastmod><\/url>\n/y;

/**
 * The URLs of a sitemap file, checking as it goes that the document is exactly the sitemaps.org urlset the
 * protocol defines (declaration, namespace, one <url> with <loc> and <lastmod> per page, nothing else): a
 * grammar check of well-formed XML for this document's shape.
 */
function urlsOf(xml: string): { loc: string; lastmod: string }[] {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  expect(xml.startsWith(head)).toBe(true);
  expect(xml.endsWith('</urlset>\n')).toBe(true);
  const urls: { loc: string; lastmod: string }[] = [];
  URL_ELEMENT.lastIndex = head.length;
  const end = xml.length - '</urlset>\n'.length;
  while (URL_ELEMENT.lastIndex < end) {
    const found = URL_ELEMENT.exec(xml);
    if (!found) throw new Error(`not a sitemap <url> at ${URL_ELEMENT.lastIndex}: ${xml.slice(URL_ELEMENT.lastIndex, URL_ELEMENT.lastIndex + 80)}`);
    urls.push({ loc: found[1]!, lastmod: found[2]! });
  }
  return urls;
}

describe('brand pages through the gateway', () => {
  let brands: RunningBrands;
  let gateway: GatewayApp;
  let base: string;
  let webDist: string;
  let loomId: number;
  let hostileId: number;
  /** Between the gateway and brands: counts the sitemap's entry reads. */
  let recorder: http.Server;
  /** Answers hunters' sitemap routes with no pages (hunters' own tests cover its listing). */
  let hunters: http.Server;
  const reads: EntriesRead[] = [];
  let clientBytes = 0;

  beforeAll(async () => {
    brands = await startBrands(SCHEMA);
    loomId = await insertBrand(brands.db, SCHEMA, { name: 'Loom & Co', description: 'Hand-woven scarves\nfrom a studio of four.' });
    hostileId = await insertBrand(brands.db, SCHEMA, { name: '"><script>alert(1)</script>', description: '</title><img src=x onerror=alert(1)>' });
    await brands.query(
      `insert into $S.brands (name, description, category, location, delivery, image_url, created_at)
       select 'Directory brand ' || i, 'Brand number ' || i, 'Clothing', 'UK', 'Europe Wide', '/brand-placeholder.svg',
              timestamptz '2026-01-01' + i * interval '1 minute'
       from generate_series(1, ${DIRECTORY - 2}) as i`,
    );
    const brandsUrl = new URL(brands.base);
    recorder = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', brands.base);
      if (url.pathname === '/internal/sitemap/entries') reads.push({ limit: Number(url.searchParams.get('limit')), clientBytes });
      const upstream = http.request({ host: brandsUrl.hostname, port: brandsUrl.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    hunters = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    });
    webDist = mkdtempSync(path.join(tmpdir(), 'site-pages-web-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    const deadUrl = `http://127.0.0.1:${UNREACHABLE_PORT}`;
    gateway = await createGatewayApp(
      gatewayEnvSchema.parse({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: '0',
        HOST: '127.0.0.1',
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: `test:site-pages:${process.pid}:`,
        INTERNAL_AUTH_PRIVATE_KEY: TEST_INTERNAL_AUTH_PRIVATE_KEY,
        INTERNAL_AUTH_PUBLIC_KEY: TEST_INTERNAL_AUTH_PUBLIC_KEY,
        WEB_DIST_DIR: webDist,
        PUBLIC_URL,
        BRANDS_URL: await listen(recorder),
        HUNTERS_URL: await listen(hunters),
        IDENTITY_URL: deadUrl,
        REVIEWS_URL: deadUrl,
        BOOKINGS_URL: deadUrl,
        MESSAGING_URL: deadUrl,
      }),
    );
    await gateway.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(gateway.app.getHttpServer().address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await gateway?.app.close();
    await Promise.all([recorder, hunters].map((server) => (server?.listening ? close(server) : undefined)));
    await brands?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("writes a brand's own head into its page, escaped", async () => {
    const page = await fetch(`${base}/brand/${loomId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Loom &amp; Co · Hunted</title>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/brand/${loomId}/loom-co" />`);
    // The description's line break is one space in a preview.
    expect(html).toContain('<meta property="og:description" content="Hand-woven scarves from a studio of four." />');
    // The brand's own picture is the share card's, and is fetched with the page's scripts.
    expect(html).toContain('<meta property="og:image" content="https://img.example/x.jpg" />');
    expect(html).toContain('<link rel="preload" href="https://img.example/x.jpg" as="image" fetchpriority="high" />');

    const hostile = await (await fetch(`${base}/brand/${hostileId}/x`)).text();
    expect(hostile).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Hunted</title>');
    expect(hostile).toContain('content="&lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(hostile).not.toMatch(/<script>alert|<img src=x/);
  });

  it('answers 404 for a brand that does not exist, or no longer does', async () => {
    const gone = await insertBrand(brands.db, SCHEMA, { name: 'Gone Soon' });
    await brands.query('delete from $S.brands where id = $1', [gone]);
    for (const id of [gone, 999_999_999]) {
      const page = await fetch(`${base}/brand/${id}`);
      expect(page.status, String(id)).toBe(404);
      expect(await page.text()).toContain('<title>Brand not found · Hunted</title>');
    }
  });

  it('lists every brand in a sitemap split into files of at most 50,000, streamed a bounded page at a time', async () => {
    const index = await fetch(`${base}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const files = [...(await index.text()).matchAll(/<sitemap><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/sitemap>/g)];
    const names = files.map(([, loc]) => loc!.replace(`${PUBLIC_URL}/sitemaps/`, ''));
    // Ids 1–100,000 (the brand deleted above was the 100,001st): two files of id ranges, each exactly full.
    expect(names).toEqual(['pages.xml', 'brands-1.xml', 'brands-2.xml']);
    expect(files.every(([, , lastmod]) => lastmod !== undefined)).toBe(true);

    const ids = new Set<number>();
    for (const name of names.slice(1)) {
      reads.length = 0;
      clientBytes = 0;
      const response = await fetch(`${base}/sitemaps/${name}`);
      expect(response.status).toBe(200);
      const chunks: Buffer[] = [];
      for await (const chunk of response.body!) {
        chunks.push(Buffer.from(chunk));
        clientBytes += chunk.length;
      }
      const urls = urlsOf(Buffer.concat(chunks).toString('utf8'));
      expect(urls.length).toBe(SITEMAP_MAX_URLS);
      for (const { loc } of urls) {
        const [, id, slug] = /^https:\/\/hunted\.example\/brand\/(\d+)\/([a-z0-9-]+)$/.exec(loc)!;
        expect(ids.has(Number(id))).toBe(false);
        ids.add(Number(id));
        if (Number(id) === loomId) expect(slug).toBe(brandSlug('Loom & Co'));
      }
      // Bounded reads, and the file was already flowing to the client while brands was still being read.
      expect(reads.every((read) => read.limit === SITEMAP_READ_PAGE)).toBe(true);
      expect(reads.length).toBeGreaterThanOrEqual(Math.ceil(urls.length / SITEMAP_READ_PAGE));
      expect(reads.at(-1)!.clientBytes).toBeGreaterThan(0);
    }
    const { rows } = await brands.query('select count(*)::int as n from $S.brands');
    expect(rows[0].n).toBe(DIRECTORY);
    expect(ids.size).toBe(DIRECTORY);
  }, 120_000);

  it('serves brand pages at once with the generic head when brands is gone', async () => {
    // Brands refuses connections now: the page is answered with the generic head, not held (that a refused
    // service is not waited on at all, however long the facts timeout, is gateway/test/pages.test.ts's).
    await close(recorder);
    const page = await fetch(`${base}/brand/${loomId + 5}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Hunted · Discover Independent Brands</title>');
    expect((await fetch(`${base}/sitemap.xml`)).status).toBe(503);
  });
});
