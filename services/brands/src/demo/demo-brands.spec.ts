import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { BRAND_CATEGORIES, BRAND_COUNTRIES, brandSlug } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { BrandInputDto } from '../brands/brand-input.dto.js';
import { DEMO_BRANDS, demoLinks } from './demo-brands.js';

describe('the demo directory', () => {
  it('covers every category and country with at least 40 distinct brands', () => {
    expect(DEMO_BRANDS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(DEMO_BRANDS.map((b) => b.category))).toEqual(new Set(BRAND_CATEGORIES));
    expect(new Set(DEMO_BRANDS.map((b) => b.location))).toEqual(new Set(BRAND_COUNTRIES));
    expect(new Set(DEMO_BRANDS.map((b) => brandSlug(b.name))).size).toBe(DEMO_BRANDS.length);
  });

  it('follows the submission rules (apart from the locally served image)', async () => {
    for (const brand of DEMO_BRANDS) {
      const dto = plainToInstance(BrandInputDto, { ...brand, links: undefined, imageUrl: 'https://img.example/x.svg', ...demoLinks(brand) });
      const errors = (await validate(dto)).filter((e) => !['links'].includes(e.property));
      expect(errors, brand.name).toEqual([]);
    }
  });

  it('has an image for every brand', async () => {
    const { existsSync } = await import('node:fs');
    const dir = new URL('../../../../web/public/demo-brands/', import.meta.url);
    for (const brand of DEMO_BRANDS) expect(existsSync(new URL(`${brandSlug(brand.name)}.svg`, dir)), brand.name).toBe(true);
  });
});
