import { SAVE_BRANDS_MESSAGE, type Brand, type SaveBrandsResponse } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RepublishBrands1796200060000 } from '../src/database/migrations/1796200060000-republish-brands.js';
import { insertBrand, json, signedIn, startBrands, type RunningBrands } from './support.js';

const SCHEMA = 'brands_save_all_it';

/**
 * Issue 25 in brands: 'Save all brands' of a hunter's edit (`POST /api/saved-brands`), and the migration that
 * announces the whole directory once more so hunters' new copy of it starts full.
 */
describe('brands: saving several brands at once, and republishing the directory', () => {
  let brands: RunningBrands;
  const ids: number[] = [];

  beforeAll(async () => {
    brands = await startBrands(SCHEMA);
    for (const [name, tags] of [
      ['Kiln Studio', ['Handmade']],
      ['Fen & Fable', ['Locally Made', 'Gives Back']],
      ['Harbour Knits', []],
      ['Soleil Shoes', ['Handmade']],
    ] as const) {
      ids.push(await insertBrand(brands.db, SCHEMA, { name, tags: [...tags] }));
    }
  });

  afterAll(async () => {
    await brands?.stop();
  });

  const saveAll = async (body: unknown, userId: string | null) =>
    fetch(`${brands.base}/api/saved-brands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(userId ? await signedIn(userId) : {}) },
      body: JSON.stringify(body),
    });
  const savedIds = async (userId: string) =>
    (await json<Brand[]>(await fetch(`${brands.base}/api/saved-brands`, { headers: await signedIn(userId) }))).map((brand) => brand.id);
  const saveRows = async () => (await brands.query('select count(*)::int as n from $S.saved_brands')).rows[0].n as number;

  it('asks a guest to sign in and saves nothing', async () => {
    const response = await saveAll({ brandIds: [ids[0]] }, null);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Please sign in to continue' });
    expect(await saveRows()).toBe(0);
  });

  it("saves each brand to the caller's favourites, in the order given, and is idempotent", async () => {
    const [kiln, fen, harbour, soleil] = ids as [number, number, number, number];
    // One saved before, the single way.
    expect((await fetch(`${brands.base}/api/brands/${harbour}/save`, { method: 'POST', headers: await signedIn('save-ada') })).status).toBe(200);
    const before = (await brands.query(`select created_at from $S.saved_brands where user_id = 'save-ada'`)).rows[0].created_at as Date;

    const response = await saveAll({ brandIds: [fen, harbour, kiln, fen] }, 'save-ada');
    expect(response.status).toBe(200);
    expect(await json<SaveBrandsResponse>(response)).toEqual({ saved: [fen, harbour, kiln] });
    // The list is newest first: the edit's brands read in the edit's order, above what was saved before.
    expect(await savedIds('save-ada')).toEqual([fen, kiln, harbour]);
    // Already saved: kept as it was (one row, its first time).
    const { rows } = await brands.query(`select created_at from $S.saved_brands where user_id = 'save-ada' and brand_id = $1`, [harbour]);
    expect(rows).toEqual([{ created_at: before }]);

    // The same again changes nothing; a new one is added.
    expect(await json<SaveBrandsResponse>(await saveAll({ brandIds: [kiln, fen, harbour] }, 'save-ada'))).toEqual({ saved: [kiln, fen, harbour] });
    expect(await saveRows()).toBe(3);
    expect((await saveAll({ brandIds: [soleil, kiln] }, 'save-ada')).status).toBe(200);
    expect((await savedIds('save-ada')).sort()).toEqual([...ids].sort());
    const state = await fetch(`${brands.base}/api/brands/${soleil}/saved`, { headers: await signedIn('save-ada') });
    expect(await state.json()).toEqual({ isSaved: true });
  });

  it('saves nothing when one brand is unknown (404), and never touches another member’s saves', async () => {
    const [kiln, fen] = ids as [number, number];
    expect((await saveAll({ brandIds: [kiln] }, 'save-grace')).status).toBe(200);
    const adaBefore = await savedIds('save-ada');

    const response = await saveAll({ brandIds: [fen, 999_999, kiln] }, 'save-bob');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Brand not found' });
    expect(await savedIds('save-bob')).toEqual([]);

    // Bob's own request reaches only Bob's list.
    expect((await saveAll({ brandIds: [fen] }, 'save-bob')).status).toBe(200);
    expect(await savedIds('save-bob')).toEqual([fen]);
    expect(await savedIds('save-grace')).toEqual([kiln]);
    expect(await savedIds('save-ada')).toEqual(adaBefore);
  });

  it('refuses an empty list, more than 50, ids that are not brand ids and unknown fields, saving nothing', async () => {
    const before = await saveRows();
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    for (const body of [{}, { brandIds: [] }, { brandIds: many }, { brandIds: ['1'] }, { brandIds: [0] }, { brandIds: [1.5] }, { brandIds: 3 }]) {
      const response = await saveAll(body, 'save-carl');
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { errors: Record<string, string> };
      expect(Object.keys(answer.errors)[0]!.startsWith('brandIds'), JSON.stringify(answer)).toBe(true);
      expect(Object.values(answer.errors)[0]).toBe(SAVE_BRANDS_MESSAGE);
    }
    const extra = await saveAll({ brandIds: [ids[0]], userId: 'save-ada' }, 'save-carl');
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({ errors: { userId: 'property userId should not exist' } });
    expect(await saveRows()).toBe(before);
  });

  it('republishes every brand as brands.brand.updated with its image and tags, in id order', async () => {
    const dataSource = brands.app.get(DataSource);
    const runner = dataSource.createQueryRunner();
    const published = `select data, version from $S.outbox where type = 'brands.brand.updated' order by seq`;
    try {
      const before = (await brands.query(published)).rows.length;
      await runner.startTransaction();
      await new RepublishBrands1796200060000().up(runner);
      await runner.commitTransaction();
      const rows = (await brands.query(published)).rows.slice(before);
      expect(rows.map((row) => row.version)).toEqual([1, 1, 1, 1]);
      expect(rows.map((row) => row.data)).toEqual([
        { brandId: ids[0], name: 'Kiln Studio', imageUrl: 'https://img.example/x.jpg', tags: ['Handmade'] },
        { brandId: ids[1], name: 'Fen & Fable', imageUrl: 'https://img.example/x.jpg', tags: ['Locally Made', 'Gives Back'] },
        { brandId: ids[2], name: 'Harbour Knits', imageUrl: 'https://img.example/x.jpg', tags: [] },
        { brandId: ids[3], name: 'Soleil Shoes', imageUrl: 'https://img.example/x.jpg', tags: ['Handmade'] },
      ]);
      // The relay sends them on like any event: each row is published.
      await expect
        .poll(async () => (await brands.query(`select count(*)::int as n from $S.outbox where type = 'brands.brand.updated' and published_at is null`)).rows[0].n, {
          timeout: 10_000,
        })
        .toBe(0);
    } finally {
      await runner.release();
    }
  });
});
