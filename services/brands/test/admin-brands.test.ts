import { londonDateOf, type Brand } from '@hunted/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, member, signedAs, startBrands, type RunningBrands } from './admin-harness.js';

const SCHEMA = 'brands_admin_it';

const loom = {
  name: 'Loom & Thread',
  description: 'Hand-woven scarves from Leeds.',
  category: 'Accessories',
  location: 'UK',
  delivery: 'Europe Wide',
  imageUrl: '/demo-brands/loom-and-thread.svg',
  websiteUrl: 'https://loom.example.com',
  tags: ['Handmade'],
  hashtags: ['slowfashion'],
  priceCategory: '£££',
};

describe('brands admin API', () => {
  let brands: RunningBrands;
  let base: string;

  beforeAll(async () => {
    brands = await startBrands(SCHEMA);
    base = brands.base;
  });

  afterAll(async () => {
    await brands?.close();
  });

  async function call(method: string, path: string, body?: unknown, user = admin): Promise<Response> {
    const headers: Record<string, string> = await signedAs(user);
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async function create(overrides: object = {}): Promise<Brand> {
    const response = await call('POST', '/api/admin/brands', { ...loom, ...overrides });
    expect(response.status).toBe(201);
    return (await response.json()) as Brand;
  }

  async function outbox(type: string): Promise<unknown[]> {
    const { rows } = await brands.db.query<{ data: unknown }>('select data from outbox where type = $1 order by seq', [type]);
    return rows.map((row) => row.data);
  }

  it('refuses guests (401) and members (403) on every admin route, and lets an admin in', async () => {
    const existing = await create();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/brands'],
      ['POST', '/api/admin/brands', loom],
      ['PUT', `/api/admin/brands/${existing.id}`, loom],
      ['DELETE', `/api/admin/brands/${existing.id}`],
      ['POST', '/api/admin/brands/upload-csv'],
      ['GET', '/api/admin/brands/csv-template'],
    ];
    for (const [method, path, body] of routes) {
      const init = { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined };
      const guest = await fetch(`${base}${path}`, body ? init : { method });
      expect(guest.status, `${method} ${path} as a guest`).toBe(401);
      expect(await guest.json()).toMatchObject({ message: 'Please sign in to continue' });
      const asMember = await call(method, path, body, member);
      expect(asMember.status, `${method} ${path} as a member`).toBe(403);
      expect(await asMember.json()).toMatchObject({ message: 'Admin access required' });
    }
    // The same calls as an admin (the upload without a file is the admin's mistake, not a refusal).
    expect((await call('GET', '/api/admin/brands')).status).toBe(200);
    expect((await call('POST', '/api/admin/brands', loom)).status).toBe(201);
    expect((await call('PUT', `/api/admin/brands/${existing.id}`, loom)).status).toBe(200);
    expect((await call('DELETE', `/api/admin/brands/${existing.id}`)).status).toBe(204);
    expect((await call('POST', '/api/admin/brands/upload-csv')).status).toBe(400);
    expect((await call('GET', '/api/admin/brands/csv-template')).status).toBe(200);
    const { rows } = await brands.db.query('select count(*)::int as n from brands where id = $1', [existing.id]);
    expect(rows[0].n).toBe(0);
  });

  it('creates a brand with defaults and the created event in the outbox', async () => {
    const brand = await create({ name: '  Kiln Studio ', priceCategory: undefined, tags: undefined });
    expect(brand).toMatchObject({
      name: 'Kiln Studio',
      priceCategory: '££',
      tags: [],
      hashtags: ['#slowfashion'],
      instagramUrl: null,
      votes: 0,
      rating: 0,
      views: 0,
      featured: false,
      featuredDate: null,
    });
    expect(brand.id).toEqual(expect.any(Number));
    expect(new Date(brand.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // With its image and value tags: hunters' copy of the directory shows the one and filters by the other.
    expect(await outbox('brands.brand.created')).toContainEqual({ brandId: brand.id, name: 'Kiln Studio', imageUrl: brand.imageUrl, tags: [] });
  });

  it('features a brand for today when no day is given', async () => {
    expect(await create({ featured: true })).toMatchObject({ featured: true, featuredDate: londonDateOf(Date.now()) });
    expect(await create({ featured: true, featuredDate: '2031-01-02' })).toMatchObject({ featuredDate: '2031-01-02' });
  });

  it('lists every brand, newest first', async () => {
    const first = await create({ name: 'Older' });
    const second = await create({ name: 'Newer' });
    const response = await call('GET', '/api/admin/brands');
    expect(response.status).toBe(200);
    const list = (await response.json()) as Brand[];
    expect(list.slice(0, 2).map((brand) => brand.id)).toEqual([second.id, first.id]);
    const { rows } = await brands.db.query('select count(*)::int as n from brands');
    expect(list).toHaveLength(rows[0].n);
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const cases: [object, string, string | RegExp][] = [
      [{ name: ' ' }, 'name', 'Name is required'],
      [{ name: 'n'.repeat(256) }, 'name', 'Name must be at most 255 characters'],
      [{ description: '' }, 'description', 'Description is required'],
      [{ category: 'Cars' }, 'category', /^Category must be one of: Clothing/],
      [{ location: 'Mars' }, 'location', /^Location must be one of: UK/],
      [{ delivery: 'Teleport' }, 'delivery', /^Delivery must be one of/],
      [{ imageUrl: 'loom.jpg' }, 'imageUrl', 'Image URL must be a link starting with http:// or https://'],
      [{ websiteUrl: null }, 'instagramUrl', 'Please provide at least one social media or website link'],
      [{ etsyUrl: 'javascript:alert(1)' }, 'etsyUrl', 'Etsy shop must be a link starting with http:// or https://'],
      [{ instagramUrl: 'instagram' }, 'instagramUrl', 'Instagram must be a link starting with http:// or https://'],
      [{ tiktokUrl: 'ftp://x.example' }, 'tiktokUrl', 'TikTok must be a link starting with http:// or https://'],
      [{ tags: ['Cheap'] }, 'tags', /^Each tag must be one of/],
      [{ hashtags: ['two words'] }, 'hashtags', 'Hashtags may contain only letters, numbers and underscores'],
      [{ priceCategory: '$' }, 'priceCategory', /^Price range must be one of/],
      [{ featured: 'yes' }, 'featured', 'Featured must be true or false'],
      [{ featuredDate: '2026-02-30' }, 'featuredDate', 'Featured date must be a date like 2026-05-31'],
      [{ votes: 1000 }, 'votes', 'property votes should not exist'],
    ];
    const before = (await brands.db.query('select count(*)::int as n from brands')).rows[0].n;
    for (const [change, field, message] of cases) {
      for (const [method, path] of [
        ['POST', '/api/admin/brands'],
        ['PUT', `/api/admin/brands/${(await brands.db.query('select max(id) as id from brands')).rows[0].id}`],
      ] as const) {
        const response = await call(method, path, { ...loom, ...change });
        expect(response.status, `${method} ${JSON.stringify(change)}`).toBe(400);
        const body = (await response.json()) as { statusCode: number; message: string; errors: Record<string, string> };
        expect(body.statusCode).toBe(400);
        expect(body.errors[field], `${method} ${JSON.stringify(change)}`).toMatch(message);
      }
    }
    expect((await brands.db.query('select count(*)::int as n from brands')).rows[0].n).toBe(before);
  });

  it('edits a brand: replaces what is sent, keeps what is left out, and records the update', async () => {
    const brand = await create({ featured: true, featuredDate: '2030-05-01', instagramUrl: 'https://www.instagram.com/loom/' });
    await brands.db.query('update brands set votes = 7, views = 12 where id = $1', [brand.id]);
    const response = await call('PUT', `/api/admin/brands/${brand.id}`, {
      ...loom,
      id: brand.id,
      name: 'Loom & Thread Studio',
      instagramUrl: '',
      category: 'Bags',
      tags: [],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: brand.id,
      name: 'Loom & Thread Studio',
      category: 'Bags',
      instagramUrl: null,
      tags: [],
      featured: true,
      featuredDate: '2030-05-01',
      votes: 7,
      views: 12,
      createdAt: brand.createdAt,
    });
    expect(await outbox('brands.brand.updated')).toContainEqual({
      brandId: brand.id,
      name: 'Loom & Thread Studio',
      imageUrl: loom.imageUrl,
      tags: [],
    });
    // The placeholder image a CSV row gets can be sent back unchanged.
    expect((await call('PUT', `/api/admin/brands/${brand.id}`, { ...loom, imageUrl: '/brand-placeholder.svg' })).status).toBe(200);
  });

  it('refuses an id in the body that is not the brand being edited, and answers 404 for an unknown brand', async () => {
    const brand = await create();
    const mismatch = await call('PUT', `/api/admin/brands/${brand.id}`, { ...loom, id: brand.id + 1 });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ errors: { id: 'The id in the body is not the id of the brand being edited' } });
    expect((await call('PUT', `/api/admin/brands/${brand.id}`, { ...loom, id: String(brand.id) })).status).toBe(200);
    // Another spelling of an existing id ('07', '7e0', '0x7') names no brand either: +text must not reach the pipe.
    const spellings = [`0${brand.id}`, `${brand.id}e0`, `0x${brand.id.toString(16)}`].map((id) => `/api/admin/brands/${id}`);
    for (const path of ['/api/admin/brands/999999', '/api/admin/brands/abc', '/api/admin/brands/1.5', '/api/admin/brands/99999999999', ...spellings]) {
      const put = await call('PUT', path, loom);
      expect(put.status, path).toBe(404);
      expect(await put.json()).toMatchObject({ message: 'Brand not found' });
      expect((await call('DELETE', path)).status, path).toBe(404);
    }
    // The path is read first: an id that cannot be a brand is 404 even with a body that would be refused.
    expect((await call('PUT', '/api/admin/brands/abc', { name: '' })).status).toBe(404);
  });

  it('deletes a brand with its votes and saves in one transaction with the deleted event', async () => {
    const brand = await create();
    const other = await create({ name: 'Other' });
    for (const id of [brand.id, other.id]) {
      await brands.db.query(`insert into votes (brand_id, user_id, ip_address) values ($1, 'u1', '127.0.0.1'), ($1, 'u2', '::1')`, [id]);
      await brands.db.query(`insert into saved_brands (user_id, brand_id) values ('u1', $1), ('u2', $1)`, [id]);
    }
    const response = await call('DELETE', `/api/admin/brands/${brand.id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const count = async (table: string, id: number) =>
      (await brands.db.query(`select count(*)::int as n from ${table} where ${table === 'brands' ? 'id' : 'brand_id'} = $1`, [id])).rows[0].n;
    expect([await count('brands', brand.id), await count('votes', brand.id), await count('saved_brands', brand.id)]).toEqual([0, 0, 0]);
    expect([await count('brands', other.id), await count('votes', other.id), await count('saved_brands', other.id)]).toEqual([1, 2, 2]);
    expect(await outbox('brands.brand.deleted')).toContainEqual({ brandId: brand.id });
    expect((await call('DELETE', `/api/admin/brands/${brand.id}`)).status).toBe(404);
  });
});
