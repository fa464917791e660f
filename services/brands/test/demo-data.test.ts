import { BRAND_CATEGORIES, BRAND_COUNTRIES, type Brand, type TodayBrand } from '@hunted/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoDataSeeder } from '../src/demo/demo-data.seeder.js';
import { insertBrand, json, startBrands, type RunningBrands } from './support.js';

describe('brands: demo data', () => {
  describe('on an empty directory with DEMO_DATA=on', () => {
    const SCHEMA = 'brands_demo_it';
    let brands: RunningBrands;

    beforeAll(async () => {
      brands = await startBrands(SCHEMA, { DEMO_DATA: 'on' });
    });
    afterAll(async () => {
      await brands?.stop();
    });

    it('loads a living directory at start: every category and country, votes today and yesterday, saves, a featured brand', async () => {
      const list = await json<Brand[]>(await fetch(`${brands.base}/api/brands`));
      expect(list.length).toBeGreaterThanOrEqual(40);
      expect(new Set(list.map((b) => b.category))).toEqual(new Set(BRAND_CATEGORIES));
      expect(new Set(list.map((b) => b.location))).toEqual(new Set(BRAND_COUNTRIES));
      expect(list.every((b) => /^\/demo-brands\/[a-z0-9-]+\.svg$/.test(b.imageUrl))).toBe(true);
      expect(list.every((b) => b.tags.length > 0 && b.hashtags.length > 0)).toBe(true);

      const { rows } = await brands.db.query(
        `select
           (select count(*)::int from ${SCHEMA}.brands b where b.votes <> (select count(*) from ${SCHEMA}.votes v where v.brand_id = b.id)) as inconsistent,
           (select coalesce(sum(votes), 0)::int from ${SCHEMA}.brand_daily_votes where day = (now() at time zone 'Europe/London')::date) as today,
           (select coalesce(sum(votes), 0)::int from ${SCHEMA}.brand_daily_votes where day = (now() at time zone 'Europe/London')::date - 1) as yesterday,
           (select count(*)::int from ${SCHEMA}.saved_brands) as saves`,
      );
      expect(rows[0].inconsistent).toBe(0);
      expect(rows[0].today).toBeGreaterThan(0);
      expect(rows[0].yesterday).toBeGreaterThan(0);
      expect(rows[0].saves).toBeGreaterThan(0);

      // Other services' copies of the directory (reviews) learn the demo brands from the usual event.
      const created = await brands.db.query<{ brand_id: number; name: string }>(
        `select (data->>'brandId')::int as brand_id, data->>'name' as name from ${SCHEMA}.outbox where type = 'brands.brand.created'`,
      );
      expect(created.rows.map((r) => [r.brand_id, r.name]).sort()).toEqual(list.map((b) => [b.id, b.name]).sort());

      const featured = await json<TodayBrand>(await fetch(`${brands.base}/api/brands/featured`));
      expect(featured.featured).toBe(true);
    });

    it('does nothing once the directory has brands', async () => {
      const before = await brands.db.query(`select count(*)::int as n from ${SCHEMA}.brands`);
      expect(await brands.app.get(DemoDataSeeder).seedIfEmpty()).toBe(0);
      const after = await brands.db.query(`select count(*)::int as n from ${SCHEMA}.brands`);
      expect(after.rows[0].n).toBe(before.rows[0].n);
    });
  });

  it('leaves a directory that has brands alone, and is off by default in tests', async () => {
    const SCHEMA = 'brands_demo_off_it';
    const brands = await startBrands(SCHEMA);
    try {
      expect(await json(await fetch(`${brands.base}/api/brands`))).toEqual([]);
      await insertBrand(brands.db, SCHEMA, { name: 'Only One' });
      expect(await brands.app.get(DemoDataSeeder).seedIfEmpty()).toBe(0);
      expect((await json<Brand[]>(await fetch(`${brands.base}/api/brands`))).map((b) => b.name)).toEqual(['Only One']);
    } finally {
      await brands.stop();
    }
  });
});
