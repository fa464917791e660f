import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BRAND_PLACEHOLDER_IMAGE_URL, LINK_REQUIRED_MESSAGE, SAVE_BRANDS_MESSAGE } from './brands.js';
import { adminBrandInputSchema, brandImageInputSchema, brandInputSchema, saveBrandsInputSchema } from './brands.schemas.js';

const valid = {
  name: '  Loom & Thread ',
  description: 'Hand-woven scarves from Leeds.',
  category: 'Accessories',
  location: 'UK',
  delivery: 'Europe Wide',
  imageUrl: 'https://example.com/loom.jpg',
  websiteUrl: 'https://loom.example',
  tags: ['Handmade', 'Handmade', 'Locally Made'],
  hashtags: ['slowfashion', '#SlowFashion', ' #wool ', '', '#'],
};

/** The parsed brand, and each bad field's first message (as the service's 400 names them). */
function check(body: object, schema: z.ZodType = brandInputSchema) {
  const result = schema.safeParse(body);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return { brand: result.data as Record<string, unknown> | undefined, errors };
}

describe('brandInputSchema', () => {
  it('accepts a valid brand, trimming text, de-duplicating tags and normalising hashtags', () => {
    const { brand, errors } = check(valid);
    expect(errors).toEqual({});
    expect(brand?.name).toBe('Loom & Thread');
    expect(brand?.tags).toEqual(['Handmade', 'Locally Made']);
    expect(brand?.hashtags).toEqual(['#slowfashion', '#wool']);
  });

  it('names every bad field with a message a person can act on', () => {
    const { errors } = check({
      name: ' ',
      description: '',
      category: 'Cars',
      location: 'Mars',
      delivery: 'Teleport',
      imageUrl: 'not a url',
      priceCategory: '$',
      tags: ['Cheap'],
    });
    expect(errors).toMatchObject({
      name: 'Name is required',
      description: 'Description is required',
      category: expect.stringContaining('Category must be one of: Clothing'),
      location: expect.stringContaining('Location must be one of: UK'),
      delivery: expect.stringContaining('Delivery must be one of'),
      imageUrl: 'Image URL must be a link starting with http:// or https://',
      instagramUrl: LINK_REQUIRED_MESSAGE,
      priceCategory: expect.stringContaining('Price range must be one of'),
      tags: expect.stringContaining('Each tag must be one of'),
    });
  });

  it('requires one of the four links, and each given link to be an http(s) URL within 500 characters', () => {
    const noLinks = { ...valid, websiteUrl: '  ' };
    expect(check(noLinks).errors).toEqual({ instagramUrl: LINK_REQUIRED_MESSAGE });
    expect(check({ ...valid, tiktokUrl: 'https://www.tiktok.com/@loom' }).errors).toEqual({});
    expect(check({ ...valid, etsyUrl: 'javascript:alert(1)' }).errors).toEqual({
      etsyUrl: 'Etsy shop must be a link starting with http:// or https://',
    });
    expect(check({ ...valid, websiteUrl: `https://x.example/${'a'.repeat(500)}` }).errors).toEqual({
      websiteUrl: 'Website must be at most 500 characters',
    });
  });

  it('enforces the entity lengths and refuses hashtags with spaces or markup', () => {
    const { errors } = check({ ...valid, name: 'n'.repeat(256), hashtags: ['two words', '<b>'] });
    expect(errors.name).toBe('Name must be at most 255 characters');
    expect(errors.hashtags).toBe('Hashtags may contain only letters, numbers and underscores');
  });

  it('accepts the images the site serves itself, and no other path', () => {
    expect(check({ ...valid, imageUrl: '/demo-brands/loom-and-thread.svg' }).errors).toEqual({});
    expect(check({ ...valid, imageUrl: '/brand-placeholder.svg' }).errors).toEqual({});
    expect(check({ ...valid, imageUrl: '/demo-brands/../secret.svg' }).errors).toHaveProperty('imageUrl');
    expect(check({ ...valid, imageUrl: '/anything.svg' }).errors).toHaveProperty('imageUrl');
    // An image brands stored (decision 0093): its media path with a UUID, nothing else under it.
    expect(check({ ...valid, imageUrl: '/api/media/brand-images/7b0c8f0e-3c1d-4e55-9a51-2f0a5f9c1d22' }).errors).toEqual({});
    expect(check({ ...valid, imageUrl: '/api/media/brand-images/../../admin' }).errors).toHaveProperty('imageUrl');
    expect(check({ ...valid, imageUrl: '/api/media/hunter-photos/7b0c8f0e-3c1d-4e55-9a51-2f0a5f9c1d22' }).errors).toHaveProperty('imageUrl');
  });

  it('takes a brand image as an upload or a link, exactly one', () => {
    expect(brandImageInputSchema.safeParse({ image: 'data:image/png;base64,AAAA' }).success).toBe(true);
    expect(brandImageInputSchema.safeParse({ url: 'https://images.example/a.jpg' }).success).toBe(true);
    expect(brandImageInputSchema.safeParse({}).success).toBe(false);
    expect(brandImageInputSchema.safeParse({ image: 'data:image/png;base64,AAAA', url: 'https://images.example/a.jpg' }).success).toBe(false);
    expect(brandImageInputSchema.safeParse({ url: 'ftp://images.example/a.jpg' }).success).toBe(false);
    expect(brandImageInputSchema.safeParse({ url: 'https://images.example/a.jpg', extra: 1 }).success).toBe(false);
  });

  it('lets an admin feature a brand for a day', () => {
    expect(check({ ...valid, featured: true, featuredDate: '2026-11-23' }, adminBrandInputSchema).errors).toEqual({});
    expect(check({ ...valid, featuredDate: 'tomorrow' }, adminBrandInputSchema).errors).toEqual({
      featuredDate: 'Featured date must be a date like 2026-05-31',
    });
    expect(check({ ...valid, featuredDate: '2026-02-30' }, adminBrandInputSchema).errors).toEqual({
      featuredDate: 'Featured date must be a date like 2026-05-31',
    });
  });

  it('accepts the placeholder image of CSV rows without an image, and no other relative path', () => {
    expect(check({ ...valid, imageUrl: BRAND_PLACEHOLDER_IMAGE_URL }).errors).toEqual({});
    expect(check({ ...valid, imageUrl: '/other.svg' }).errors).toEqual({
      imageUrl: 'Image URL must be a link starting with http:// or https://',
    });
  });

  it('refuses a field it does not know, as the class-validator whitelist did, and a featuring field from a member', () => {
    expect(check({ ...valid, featured: true }).errors).toHaveProperty('', expect.stringContaining('featured'));
  });

  it('reports the first failing rule of a field, as the DTO did: a missing name says its length, a lone tag the list size', () => {
    expect(check({ ...valid, name: undefined }).errors).toEqual({ name: 'Name must be at most 255 characters' });
    expect(check({ ...valid, tags: 'Handmade' }).errors).toEqual({ tags: 'At most 20 tags' });
    expect(check({ ...valid, imageUrl: '' }).errors).toEqual({
      imageUrl: 'Image URL must be a link starting with http:// or https://',
    });
  });
});

describe('saveBrandsInputSchema', () => {
  it('takes 1 to 50 brand ids, each once, in the order given', () => {
    expect(saveBrandsInputSchema.parse({ brandIds: [3, 1, 3, 2] })).toEqual({ brandIds: [3, 1, 2] });
    expect(saveBrandsInputSchema.parse({ brandIds: Array.from({ length: 50 }, (_, i) => i + 1) }).brandIds).toHaveLength(50);
  });

  it('refuses none, more than 50, what is not a brand id and unknown fields', () => {
    for (const body of [{}, { brandIds: [] }, { brandIds: Array.from({ length: 51 }, (_, i) => i + 1) }, { brandIds: ['1'] }, { brandIds: [0] }, { brandIds: [2_147_483_648] }]) {
      const result = saveBrandsInputSchema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SAVE_BRANDS_MESSAGE);
    }
    expect(saveBrandsInputSchema.safeParse({ brandIds: [1], userId: 'x' }).success).toBe(false);
  });
});
