import 'reflect-metadata';
import { BRAND_PLACEHOLDER_IMAGE_URL } from '@hunted/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { fieldErrorsOf } from '@hunted/platform';
import { describe, expect, it } from 'vitest';
import { AdminBrandInputDto, BrandInputDto, LINK_REQUIRED_MESSAGE } from './brand-input.dto.js';

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

async function check(body: object, type: typeof BrandInputDto = BrandInputDto) {
  const dto = plainToInstance(type, body);
  return { dto, errors: fieldErrorsOf(await validate(dto)) };
}

describe('BrandInputDto', () => {
  it('accepts a valid brand, trimming text, de-duplicating tags and normalising hashtags', async () => {
    const { dto, errors } = await check(valid);
    expect(errors).toEqual({});
    expect(dto.name).toBe('Loom & Thread');
    expect(dto.tags).toEqual(['Handmade', 'Locally Made']);
    expect(dto.hashtags).toEqual(['#slowfashion', '#wool']);
  });

  it('names every bad field with a message a person can act on', async () => {
    const { errors } = await check({
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

  it('requires one of the four links, and each given link to be an http(s) URL within 500 characters', async () => {
    const noLinks = { ...valid, websiteUrl: '  ' };
    expect((await check(noLinks)).errors).toEqual({ instagramUrl: LINK_REQUIRED_MESSAGE });
    expect((await check({ ...valid, tiktokUrl: 'https://www.tiktok.com/@loom' })).errors).toEqual({});
    expect((await check({ ...valid, etsyUrl: 'javascript:alert(1)' })).errors).toEqual({
      etsyUrl: 'Etsy shop must be a link starting with http:// or https://',
    });
    expect((await check({ ...valid, websiteUrl: `https://x.example/${'a'.repeat(500)}` })).errors).toEqual({
      websiteUrl: 'Website must be at most 500 characters',
    });
  });

  it('enforces the entity lengths and refuses hashtags with spaces or markup', async () => {
    const { errors } = await check({ ...valid, name: 'n'.repeat(256), hashtags: ['two words', '<b>'] });
    expect(errors.name).toBe('Name must be at most 255 characters');
    expect(errors.hashtags).toBe('Hashtags may contain only letters, numbers and underscores');
  });

  it('accepts the images the site serves itself, and no other path', async () => {
    expect((await check({ ...valid, imageUrl: '/demo-brands/loom-and-thread.svg' })).errors).toEqual({});
    expect((await check({ ...valid, imageUrl: '/brand-placeholder.svg' })).errors).toEqual({});
    expect((await check({ ...valid, imageUrl: '/demo-brands/../secret.svg' })).errors).toHaveProperty('imageUrl');
    expect((await check({ ...valid, imageUrl: '/anything.svg' })).errors).toHaveProperty('imageUrl');
  });

  it('lets an admin feature a brand for a day', async () => {
    expect((await check({ ...valid, featured: true, featuredDate: '2026-11-23' }, AdminBrandInputDto)).errors).toEqual({});
    expect((await check({ ...valid, featuredDate: 'tomorrow' }, AdminBrandInputDto)).errors).toEqual({
      featuredDate: 'Featured date must be a date like 2026-05-31',
    });
    expect((await check({ ...valid, featuredDate: '2026-02-30' }, AdminBrandInputDto)).errors).toEqual({
      featuredDate: 'Featured date must be a date like 2026-05-31',
    });
  });

  it('accepts the placeholder image of CSV rows without an image, and no other relative path', async () => {
    expect((await check({ ...valid, imageUrl: BRAND_PLACEHOLDER_IMAGE_URL })).errors).toEqual({});
    expect((await check({ ...valid, imageUrl: '/other.svg' })).errors).toEqual({
      imageUrl: 'Image URL must be a link starting with http:// or https://',
    });
  });
});
