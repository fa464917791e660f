import { pageOf, searchQueryOf, withoutUndefined, type Page } from '@hunted/platform';
import { DEFAULT_HUNTER_SORT, type HunterListQueryParsed, type HunterSort, type PriceBand } from '@hunted/contracts';

/** Filters of the listing. Absent means "no filter". */
export interface HunterFilters {
  price?: PriceBand;
  location?: string;
  specialty?: string;
  service?: string;
  /** One of the languages the hunter lists. */
  language?: string;
  /** A PostgreSQL tsquery text, every word a prefix (`'sof':* & 'jew':*`). */
  search?: string;
  /** Hunters who know this directory brand (a go-to brand, or named in an edit of theirs). */
  brand?: number;
  /** Hunters who know a brand carrying this value tag. */
  valueTag?: string;
}

export type Paging = Page;

export interface HunterListQuery {
  filters: HunterFilters;
  sort: HunterSort;
  /** Always a page: the first DEFAULT_PAGE_SIZE when the query names none. */
  paging: Paging;
}

/** A page without `limit` (the web app's page too); at most MAX_PAGE_LIMIT (100) may be asked for. */
export const DEFAULT_PAGE_SIZE = 24;

/**
 * `GET /api/hunters`'s query as the service uses it: read with `hunterListQuerySchema` of @hunted/contracts (each
 * bad parameter named in one 400, unknown ones ignored, 'all' or blank no filter), then the defaults: the top
 * picks, and always a page, so no request reads the whole table.
 */
export function hunterListQueryOf(query: HunterListQueryParsed): HunterListQuery {
  const filters: HunterFilters = {
    price: query.price,
    location: query.location,
    specialty: query.specialty,
    service: query.service,
    language: query.language,
    search: query.search === undefined ? undefined : searchQueryOf(query.search),
    brand: query.brand,
    valueTag: query.valueTag,
  };
  const paging = pageOf(query, DEFAULT_PAGE_SIZE) ?? { limit: DEFAULT_PAGE_SIZE, offset: 0 };
  return { filters: withoutUndefined(filters), sort: query.sort ?? DEFAULT_HUNTER_SORT, paging };
}
