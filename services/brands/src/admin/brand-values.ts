import { DEFAULT_PRICE_CATEGORY, type AdminBrandInput } from '@hunted/contracts';
import type { EventPublisher } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandEntity } from '../brands/brand.entity.js';

/** The columns an admin (or a CSV row) sets; the rest (votes, rating, views, created_at) belong to the service. */
export type BrandValues = Pick<
  BrandEntity,
  | 'name'
  | 'description'
  | 'category'
  | 'location'
  | 'delivery'
  | 'imageUrl'
  | 'instagramUrl'
  | 'etsyUrl'
  | 'websiteUrl'
  | 'tiktokUrl'
  | 'tags'
  | 'hashtags'
  | 'priceCategory'
  | 'featured'
  | 'featuredDate'
>;

/** Today's calendar day in London, YYYY-MM-DD: the day "featured" refers to. */
export function londonToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

/** Featuring a brand without naming the day features it today. */
function featuredDateOf(input: AdminBrandInput, now: Date): string | null | undefined {
  if (input.featured === true && input.featuredDate == null) return londonToday(now);
  return input.featuredDate;
}

/** A new brand's columns: what was not given takes the entity's default. */
export function newBrandValues(input: AdminBrandInput, now = new Date()): BrandValues {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    location: input.location,
    delivery: input.delivery,
    imageUrl: input.imageUrl,
    instagramUrl: input.instagramUrl ?? null,
    etsyUrl: input.etsyUrl ?? null,
    websiteUrl: input.websiteUrl ?? null,
    tiktokUrl: input.tiktokUrl ?? null,
    tags: input.tags ?? [],
    hashtags: input.hashtags ?? [],
    priceCategory: input.priceCategory ?? DEFAULT_PRICE_CATEGORY,
    featured: input.featured ?? false,
    featuredDate: featuredDateOf(input, now) ?? null,
  };
}

/**
 * An edit's columns. Required fields are always replaced; an optional field that is absent keeps its value and
 * one sent as null (or blank) clears it, so a form that leaves out "featured" does not unfeature the brand.
 */
export function changedBrandValues(input: AdminBrandInput, now = new Date()): Partial<BrandValues> {
  const changes: Partial<BrandValues> = {
    name: input.name,
    description: input.description,
    category: input.category,
    location: input.location,
    delivery: input.delivery,
    imageUrl: input.imageUrl,
  };
  for (const field of ['instagramUrl', 'etsyUrl', 'websiteUrl', 'tiktokUrl'] as const) {
    if (input[field] !== undefined) changes[field] = input[field];
  }
  if (input.tags !== undefined) changes.tags = input.tags;
  if (input.hashtags !== undefined) changes.hashtags = input.hashtags;
  if (input.priceCategory !== undefined) changes.priceCategory = input.priceCategory;
  if (input.featured !== undefined) changes.featured = input.featured;
  const featuredDate = featuredDateOf(input, now);
  if (featuredDate !== undefined) changes.featuredDate = featuredDate;
  return changes;
}

const INSERT_CHUNK = 1000;

/**
 * Inserts brands and records brands.brand.created for each, through the caller's transaction (so a failed row
 * or event leaves nothing behind). Returns the new ids.
 */
export async function insertBrands(manager: EntityManager, events: EventPublisher, brands: BrandValues[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < brands.length; start += INSERT_CHUNK) {
    const chunk = brands.slice(start, start + INSERT_CHUNK);
    const result = await manager.createQueryBuilder().insert().into(BrandEntity).values(chunk).returning(['id', 'name']).execute();
    for (const row of result.raw as { id: number; name: string }[]) {
      ids.push(row.id);
      await events.publish(manager, 'brands.brand.created', { brandId: row.id, name: row.name });
    }
  }
  return ids;
}
