import { pageOf, searchQueryOf, withoutUndefined, type Page } from '@hunted/platform';
import { BRAND_LIST_PAGING, type BrandListQueryParsed, type TodayListQueryParsed } from '@hunted/contracts';

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

export const DEFAULT_PAGE_SIZE = BRAND_LIST_PAGING.defaultLimit;

/** The search box's tsquery: the platform's, shared with other lists (re-exported for this feature's callers). */
export { searchQueryOf };

/**
 * `GET /api/brands`'s query as the service uses it: read with `brandListQuerySchema` of @hunted/contracts (each bad
 * parameter named in one 400, unknown ones ignored, blank, 'all' or 'any' no filter), the search box made a prefix
 * query; paged only when `limit` or `offset` is given.
 */
export function brandListQueryOf(query: BrandListQueryParsed): ListQuery {
  const { limit, offset, search, ...filters } = query;
  return {
    filters: withoutUndefined({ ...filters, search: search === undefined ? undefined : searchQueryOf(search) }),
    paging: pageOf({ limit, offset }, DEFAULT_PAGE_SIZE),
  };
}

/** `GET /api/brands/today`'s query (`todayListQuerySchema`): category, location, delivery and paging. */
export function todayListQueryOf(query: TodayListQueryParsed): ListQuery {
  const { limit, offset, ...filters } = query;
  return { filters: withoutUndefined(filters), paging: pageOf({ limit, offset }, DEFAULT_PAGE_SIZE) };
}
