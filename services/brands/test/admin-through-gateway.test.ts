import type { Brand, CsvUploadErrorResponse } from '@hunted/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayInFront, type GatewayInFront } from '../../../gateway/test/support/test-gateway.js';
import { admin, member, startBrands, type RunningBrands } from './admin-harness.js';

/**
 * The admin's brand management as the admin page calls it: through the real gateway (the admin's session turned
 * into a signed identity, the page's Origin, the CSV as multipart) to the real brands service, and what the public
 * directory then answers. Was the directory admin journey; the dashboard's dialogs, toasts and rows to fix are
 * web/src/features/admin/pages/admin-page.test.tsx, each rule of the admin API admin-brands.test.ts and
 * admin-csv.test.ts.
 */

const SCHEMA = 'brands_admin_gateway_it';

const coat = {
  name: 'Admin Made Coats',
  description: 'Recycled-wool coats from a Glasgow mill.',
  category: 'Clothing',
  location: 'UK',
  delivery: 'Europe Wide',
  imageUrl: '/demo-brands/coat.svg',
  websiteUrl: 'https://admin-made.example',
};

describe('brand management through the gateway', () => {
  let brands: RunningBrands;
  let site: GatewayInFront;

  beforeAll(async () => {
    brands = await startBrands(SCHEMA);
    site = await startGatewayInFront({
      name: 'brands-admin-gateway',
      services: { BRANDS_URL: brands.base },
      users: { ada: admin, max: member },
      // The gateway keeps a public read up to a second (micro-cache.test.ts); this test reads a brand again right
      // after changing it, as a reload would not within that second.
      env: { MICRO_CACHE_TTL_MS: '0' },
    });
  });

  afterAll(async () => {
    await site?.close();
    await brands?.close();
  });

  function asAdmin(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = site.headers('ada');
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${site.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async function upload(csv: string): Promise<Response> {
    const form = new FormData();
    form.append('csv', new Blob([csv], { type: 'text/csv' }), 'brands.csv');
    return fetch(`${site.base}/api/admin/brands/upload-csv`, { method: 'POST', headers: site.headers('ada'), body: form });
  }

  /** The public directory's search, as a visitor reads it. */
  async function search(words: string): Promise<Brand[]> {
    const response = await fetch(`${site.base}/api/brands?${new URLSearchParams({ search: words })}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Brand[];
  }

  it('creates, edits and deletes a brand, and the public directory follows each step', async () => {
    const created = await asAdmin('POST', '/api/admin/brands', coat);
    expect(created.status).toBe(201);
    const brand = (await created.json()) as Brand;
    expect((await search(coat.name)).map((found) => found.id)).toEqual([brand.id]);

    const description = 'Recycled-wool coats and scarves from a Glasgow mill.';
    const edited = await asAdmin('PUT', `/api/admin/brands/${brand.id}`, { ...coat, id: brand.id, description });
    expect(edited.status).toBe(200);
    const read = await fetch(`${site.base}/api/brands/${brand.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as Brand).description).toBe(description);

    expect((await asAdmin('DELETE', `/api/admin/brands/${brand.id}`)).status).toBe(204);
    const gone = await fetch(`${site.base}/api/brands/${brand.id}`);
    expect(gone.status).toBe(404);
    expect(await search(coat.name)).toEqual([]);
  });

  it('serves the CSV template with the required columns', async () => {
    const response = await asAdmin('GET', '/api/admin/brands/csv-template');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="hunted-brands-template.csv"');
    const header = (await response.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(header.split(',')).toEqual(expect.arrayContaining(['name', 'category', 'location', 'delivery', 'priceCategory']));
  });

  it('uploads every row of a CSV, and none of a CSV with a bad row, naming its line and column', async () => {
    const good = await upload(
      [
        'name,category,location,delivery,priceCategory,description,website,instagram,tags',
        'Csv One,Shoes,France,Europe Wide,££,Espadrilles,https://one.example,@csvone,Handmade',
        'Csv Two,Bags,Italy,International,£££,Leather totes,https://two.example,,Skilled Artisan|Handmade',
        'Csv Three,Home,Denmark,Local Only,£,Candles,,@csvthree,',
      ].join('\n'),
    );
    expect(good.status).toBe(201);
    expect(await good.json()).toEqual({ count: 3 });
    expect((await search('Csv')).map((brand) => brand.name).sort()).toEqual(['Csv One', 'Csv Three', 'Csv Two']);

    const bad = await upload(
      ['name,category,location,delivery,priceCategory', 'Csv Good,Shoes,UK,Local Only,££', 'Csv Bad,Spaceships,UK,Local Only,££'].join('\n'),
    );
    expect(bad.status).toBe(400);
    const refused = (await bad.json()) as CsvUploadErrorResponse;
    expect(refused.rows).toEqual([{ line: 3, column: 'category', message: expect.stringMatching(/^Category must be one of:/) }]);
    expect(await search('Csv Good')).toEqual([]);
  });

  it('refuses a member the admin API', async () => {
    const response = await fetch(`${site.base}/api/admin/brands`, { headers: site.headers('max') });
    expect(response.status).toBe(403);
  });
});
