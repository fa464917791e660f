import { BadRequestException } from '@nestjs/common';
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

export interface Paging {
  limit: number;
  offset: number;
}

export interface ListQuery {
  filters: BrandFilters;
  /** null: the whole filtered list. */
  paging: Paging | null;
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;
const MAX_OFFSET = 1_000_000;
const MAX_SEARCH_LENGTH = 200;

type Query = Record<string, unknown>;
type Errors = Record<string, string>;

/** The SPA's filter state uses 'all' (and 'any' for rating) for "no filter"; the API accepts them likewise. */
const NO_FILTER = new Set(['', 'all', 'any']);

function single(query: Query, key: string, errors: Errors): string | undefined {
  const value = query[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    errors[key] = `${key} may be given only once`;
    return undefined;
  }
  const trimmed = value.trim();
  return NO_FILTER.has(trimmed.toLowerCase()) ? undefined : trimmed;
}

function fromList(query: Query, key: string, label: string, list: readonly string[], errors: Errors) {
  const value = single(query, key, errors);
  if (value === undefined) return undefined;
  if (!list.includes(value)) errors[key] = `${label} must be one of: ${list.join(', ')}`;
  return value;
}

function integer(query: Query, key: string, min: number, max: number, errors: Errors): number | undefined {
  const value = single(query, key, errors);
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    errors[key] = `${key} must be a whole number from ${min} to ${max}`;
    return undefined;
  }
  return n;
}

/**
 * A search box's text as a prefix tsquery over the words in it: "loo thr" finds "Loom & Thread". Only letters
 * and digits reach PostgreSQL, so no input can be a malformed tsquery.
 */
export function searchQueryOf(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 10);
  return unique.length ? unique.map((word) => `'${word}':*`).join(' & ') : undefined;
}

/** '#SlowFashion', 'slowfashion' and ' #slowfashion ' are one hashtag. */
function hashtagOf(query: Query, errors: Errors): string | undefined {
  const value = single(query, 'hashtag', errors);
  if (value === undefined) return undefined;
  const hashtag = `#${value.replace(/^#+/, '')}`;
  if (!/^#[\p{L}\p{N}_]{1,99}$/u.test(hashtag)) {
    errors.hashtag = 'hashtag may contain only letters, numbers and underscores';
    return undefined;
  }
  return hashtag;
}

function pagingOf(query: Query, errors: Errors): Paging | null {
  const limit = integer(query, 'limit', 1, MAX_PAGE_SIZE, errors);
  const offset = integer(query, 'offset', 0, MAX_OFFSET, errors);
  if (limit === undefined && offset === undefined) return null;
  return { limit: limit ?? DEFAULT_PAGE_SIZE, offset: offset ?? 0 };
}

function refuse(errors: Errors): void {
  if (Object.keys(errors).length) {
    throw new BadRequestException({ statusCode: 400, message: Object.values(errors).join('. '), errors });
  }
}

/** Filters shared by /api/brands and /api/brands/today. */
function placeFilters(query: Query, errors: Errors): BrandFilters {
  const filters: BrandFilters = {};
  filters.category = fromList(query, 'category', 'category', BRAND_CATEGORIES, errors);
  filters.location = fromList(query, 'location', 'location', BRAND_COUNTRIES, errors);
  filters.delivery = fromList(query, 'delivery', 'delivery', DELIVERY_SCOPES, errors);
  return filters;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** `GET /api/brands`'s query, or a 400 naming each bad parameter. Unknown parameters are ignored. */
export function parseBrandListQuery(query: Query): ListQuery {
  const errors: Errors = {};
  const filters = placeFilters(query, errors);
  const minRating = single(query, 'minRating', errors);
  if (minRating !== undefined) {
    const n = /^\d+(\.\d+)?$/.test(minRating) ? Number(minRating) : NaN;
    if (Number.isNaN(n) || n > 5) errors.minRating = 'minRating must be a number from 0 to 5';
    else filters.minRating = n;
  }
  filters.priceCategory = fromList(query, 'priceCategory', 'priceCategory', PRICE_CATEGORIES, errors);
  filters.tag = fromList(query, 'tag', 'tag', BRAND_VALUE_TAGS, errors);
  filters.hashtag = hashtagOf(query, errors);
  const search = single(query, 'search', errors);
  if (search !== undefined) {
    if (search.length > MAX_SEARCH_LENGTH) errors.search = `search must be at most ${MAX_SEARCH_LENGTH} characters`;
    else filters.search = searchQueryOf(search);
  }
  const paging = pagingOf(query, errors);
  refuse(errors);
  return { filters: withoutUndefined(filters), paging };
}

/** `GET /api/brands/today`'s query: category, location, delivery and paging. */
export function parseTodayQuery(query: Query): ListQuery {
  const errors: Errors = {};
  const filters = placeFilters(query, errors);
  const paging = pagingOf(query, errors);
  refuse(errors);
  return { filters: withoutUndefined(filters), paging };
}

/** `GET /api/brands/top?limit=`: 3 unless told, at most 50. */
export function parseTopLimit(query: Query): number {
  const errors: Errors = {};
  const limit = integer(query, 'limit', 1, 50, errors);
  refuse(errors);
  return limit ?? 3;
}

/** A brand id from the path: a positive 32-bit integer, or null (which every caller answers with 404). */
export function brandIdOf(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
