import { BRAND_CATEGORIES, BRAND_COUNTRIES, brandInputSchema, brandSlug } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_BRANDS, demoLinks } from './demo-brands.js';

describe('the demo directory', () => {
  it('covers every category and country with at least 40 distinct brands', () => {
    expect(DEMO_BRANDS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(DEMO_BRANDS.map((b) => b.category))).toEqual(new Set(BRAND_CATEGORIES));
    expect(new Set(DEMO_BRANDS.map((b) => b.location))).toEqual(new Set(BRAND_COUNTRIES));
    expect(new Set(DEMO_BRANDS.map((b) => brandSlug(b.name))).size).toBe(DEMO_BRANDS.length);
  });

  it('follows the submission rules (apart from the locally served image)', () => {
    for (const brand of DEMO_BRANDS) {
      const { links: _links, ...fields } = brand;
      const result = brandInputSchema.safeParse({ ...fields, imageUrl: 'https://img.example/x.svg', ...demoLinks(brand) });
      expect(result.error?.issues ?? [], brand.name).toEqual([]);
    }
  });

  it('has an image for every brand', async () => {
    const { existsSync } = await import('node:fs');
    const dir = new URL('../../../../web/public/demo-brands/', import.meta.url);
    for (const brand of DEMO_BRANDS) expect(existsSync(new URL(`${brandSlug(brand.name)}.svg`, dir)), brand.name).toBe(true);
  });
});
