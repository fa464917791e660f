import { DEFAULT_PRICE_CATEGORY, londonDateOf, type AdminBrandInputFields, type Brand } from '@hunted/contracts';

/** A brand as the forms send it, read by the contracts' schema (a member's submission has no featuring fields). */
export type BrandFields = Omit<AdminBrandInputFields, 'featured' | 'featuredDate'> &
  Partial<Pick<AdminBrandInputFields, 'featured' | 'featuredDate'>>;

/** The columns an admin, a member or a CSV row sets; the rest (votes, rating, views, created_at) the service keeps. */
export type BrandValues = Pick<
  Brand,
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

/** The six fields every brand form requires: set on create, replaced on every edit. */
function requiredValues(
  input: BrandFields,
): Pick<BrandValues, 'name' | 'description' | 'category' | 'location' | 'delivery' | 'imageUrl'> {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    location: input.location,
    delivery: input.delivery,
    imageUrl: input.imageUrl,
  };
}

/** Featuring a brand without naming the day features it today (London's day, the day "featured" refers to). */
function featuredDateOf(input: BrandFields, now: Date): string | null | undefined {
  if (input.featured === true && input.featuredDate == null) return londonDateOf(now);
  return input.featuredDate;
}

/** A new brand's columns: what was not given takes the table's default. */
export function newBrandValues(input: BrandFields, now = new Date()): BrandValues {
  return {
    ...requiredValues(input),
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
export function changedBrandValues(input: BrandFields, now = new Date()): Partial<BrandValues> {
  const changes: Partial<BrandValues> = requiredValues(input);
  for (const field of ['instagramUrl', 'etsyUrl', 'websiteUrl', 'tiktokUrl'] as const) {
    if (input[field] !== undefined) changes[field] = input[field];
  }
  // A null list, price or "featured" is passed on as sent, as it always was: the table refuses it (not null).
  if (input.tags !== undefined) changes.tags = input.tags as string[];
  if (input.hashtags !== undefined) changes.hashtags = input.hashtags as string[];
  if (input.priceCategory !== undefined) changes.priceCategory = input.priceCategory as string;
  if (input.featured !== undefined) changes.featured = input.featured as boolean;
  const featuredDate = featuredDateOf(input, now);
  if (featuredDate !== undefined) changes.featuredDate = featuredDate;
  return changes;
}
