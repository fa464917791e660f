import { ListQueryReader, NO_FILTER_VALUES, searchQueryOf, withoutUndefined, type Page } from '@hunted/platform';
import { BRAND_CATEGORIES, BRAND_COUNTRIES, BRAND_VALUE_TAGS, DELIVERY_SCOPES, PRICE_CATEGORIES } from '@hunted/contracts';

/** Filters of the directory's lists. Absent means "no filter". */
export interface BrandFilters {
  category?: string;
  location?: string;
  delivery?: string;
  minRating?: number;
  priceCategory?: string;
  tag?: string;
  hashtag?: string;
  /** A PostgreSQL tsquery text, every word a prefix (`'loo':* & 'thread':*`). */
  search?: string;
}

export type Paging = Page;

export interface ListQuery {
  filters: BrandFilters;
  /** null: the whole filtered list. */
  paging: Paging | null;
}

export const DEFAULT_PAGE_SIZE = 24;

/** The SPA's filter state uses 'all' (and 'any' for rating) for "no filter"; the API accepts them likewise. */
const NO_FILTER = new Set([...NO_FILTER_VALUES, 'any']);

/** The search box's tsquery: the platform's, shared with other lists (re-exported for this feature's callers). */
export { searchQueryOf };

/** '#SlowFashion', 'slowfashion' and ' #slowfashion ' are one hashtag. */
function hashtagOf(reader: ListQueryReader): string | undefined {
  const value = reader.text('hashtag');
  if (value === undefined) return undefined;
  const hashtag = `#${value.replace(/^#+/, '')}`;
  if (!/^#[\p{L}\p{N}_]{1,99}$/u.test(hashtag)) return reader.fail('hashtag', 'hashtag may contain only letters, numbers and underscores');
  return hashtag;
}

/** Filters shared by /api/brands and /api/brands/today. */
function placeFilters(reader: ListQueryReader): BrandFilters {
  return {
    category: reader.oneOf('category', BRAND_CATEGORIES),
    location: reader.oneOf('location', BRAND_COUNTRIES),
    delivery: reader.oneOf('delivery', DELIVERY_SCOPES),
  };
}

/** `GET /api/brands`'s query, or a 400 naming each bad parameter. Unknown parameters are ignored. */
export function parseBrandListQuery(query: Record<string, unknown>): ListQuery {
  const reader = new ListQueryReader(query, NO_FILTER);
  const filters = placeFilters(reader);
  const minRating = reader.text('minRating');
  if (minRating !== undefined) {
    const n = /^\d+(\.\d+)?$/.test(minRating) ? Number(minRating) : NaN;
    if (Number.isNaN(n) || n > 5) reader.fail('minRating', 'minRating must be a number from 0 to 5');
    else filters.minRating = n;
  }
  filters.priceCategory = reader.oneOf('priceCategory', PRICE_CATEGORIES);
  filters.tag = reader.oneOf('tag', BRAND_VALUE_TAGS);
  filters.hashtag = hashtagOf(reader);
  filters.search = reader.search();
  const paging = reader.paging(DEFAULT_PAGE_SIZE);
  reader.done();
  return { filters: withoutUndefined(filters), paging };
}

/** `GET /api/brands/today`'s query: category, location, delivery and paging. */
export function parseTodayQuery(query: Record<string, unknown>): ListQuery {
  const reader = new ListQueryReader(query, NO_FILTER);
  const filters = placeFilters(reader);
  const paging = reader.paging(DEFAULT_PAGE_SIZE);
  reader.done();
  return { filters: withoutUndefined(filters), paging };
}

/** `GET /api/brands/top?limit=`: 3 unless told, at most 50. */
export function parseTopLimit(query: Record<string, unknown>): number {
  const reader = new ListQueryReader(query, NO_FILTER);
  const limit = reader.integer('limit', 1, 50);
  reader.done();
  return limit ?? 3;
}
