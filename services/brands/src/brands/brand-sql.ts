import type { Brand } from '@hunted/contracts';
import type { BrandFilters } from './brand-query.js';

/** Today's date in London, computed by the database so every replica and every statement share one clock. */
export const LONDON_TODAY = `(now() at time zone 'Europe/London')::date`;

/**
 * Votes the brand received today: its row carries its latest day's counter, which is today's only when that day
 * is today (yesterday's votes do not count, and no job has to reset anything at midnight).
 */
export const TODAY_VOTES = `case when b.today_votes_day = ${LONDON_TODAY} then b.today_votes else 0 end`;

/**
 * Copies each brand's latest brand_daily_votes row onto it (today_votes_day, today_votes), for writers that fill
 * brand_daily_votes in bulk (demo data, benchmarks) rather than through a vote.
 */
export const COPY_LATEST_DAILY_VOTES = `
  update brands b set today_votes = d.votes, today_votes_day = d.day
  from (select distinct on (brand_id) brand_id, day, votes from brand_daily_votes order by brand_id, day desc) d
  where d.brand_id = b.id`;

/** The columns of a Brand, read from `brands b`, named as the API names them. */
export const BRAND_COLUMNS = `
  b.id, b.name, b.description, b.category, b.location, b.delivery,
  b.image_url as "imageUrl", b.instagram_url as "instagramUrl", b.etsy_url as "etsyUrl",
  b.website_url as "websiteUrl", b.tiktok_url as "tiktokUrl", b.votes, b.rating::float8 as rating,
  b.rating_count as "ratingCount", b.tags, b.hashtags, b.price_category as "priceCategory", b.featured,
  to_char(b.featured_date, 'YYYY-MM-DD') as "featuredDate", b.views, b.created_at as "createdAt"`;

export interface BrandRow extends Omit<Brand, 'createdAt'> {
  createdAt: Date;
}

export function brandOfRow(row: BrandRow): Brand {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * The WHERE conditions for the filters, appending their values to `params`. Each condition matches an index:
 * equality on category (brands_category_*), GIN on tags, on lower-cased hashtags and on the search document.
 */
export function filterConditions(filters: BrandFilters, params: unknown[]): string[] {
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.category !== undefined) conditions.push(`b.category = ${param(filters.category)}`);
  if (filters.location !== undefined) conditions.push(`b.location = ${param(filters.location)}`);
  if (filters.delivery !== undefined) conditions.push(`b.delivery = ${param(filters.delivery)}`);
  if (filters.minRating !== undefined) conditions.push(`b.rating >= ${param(filters.minRating)}`);
  if (filters.priceCategory !== undefined) conditions.push(`b.price_category = ${param(filters.priceCategory)}`);
  if (filters.tag !== undefined) conditions.push(`b.tags @> array[${param(filters.tag)}]::text[]`);
  if (filters.hashtag !== undefined) {
    conditions.push(`brands_lower_hashtags(b.hashtags) @> array[lower(${param(filters.hashtag)})]::text[]`);
  }
  if (filters.search !== undefined) {
    conditions.push(`b.search_document @@ to_tsquery('simple', ${param(filters.search)})`);
  }
  return conditions;
}

const PLACE_FILTERS: ReadonlySet<string> = new Set(['category', 'location', 'delivery']);

/** Whether the filters narrow by place only (category, location, delivery), which brand_counts can total. */
export function placeFiltersOnly(filters: BrandFilters): boolean {
  return Object.entries(filters).every(([key, value]) => value === undefined || PLACE_FILTERS.has(key));
}

/**
 * A scalar subquery: the exact number of brands matching the filters. Place filters alone (category, location,
 * delivery: every /today filter) read brand_counts, which triggers keep per combination in each writer's own
 * transaction, so a paged list does not count the directory on every request; other filters count the rows.
 */
export function brandCountSql(filters: BrandFilters, params: unknown[]): string {
  // brand_counts is aliased b too: place conditions name only b.category, b.location and b.delivery.
  const where = whereClause(filterConditions(filters, params));
  return placeFiltersOnly(filters)
    ? `(select coalesce(sum(b.brands), 0)::int from brand_counts b ${where})`
    : `(select count(*)::int from brands b ${where})`;
}

export function whereClause(conditions: string[]): string {
  return conditions.length ? `where ${conditions.join(' and ')}` : '';
}
