import { ListQueryReader, withoutUndefined, type Page } from '@hunted/platform';
import {
  DEFAULT_HUNTER_SORT,
  HUNTER_LOCATIONS,
  HUNTER_SERVICES,
  HUNTER_SORTS,
  HUNTER_SPECIALTIES,
  PRICE_BANDS,
  type HunterSort,
  type PriceBand,
} from '@hunted/contracts';

/** Filters of the listing. Absent means "no filter". */
export interface HunterFilters {
  price?: PriceBand;
  location?: string;
  specialty?: string;
  service?: string;
  /** A PostgreSQL tsquery text, every word a prefix (`'sof':* & 'jew':*`). */
  search?: string;
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
 * `GET /api/hunters`'s query (search, price, location, specialty, service, sort, limit, offset), or a 400 naming
 * each bad parameter. Unknown parameters are ignored; 'all' or blank is no filter (and the default sort). The list
 * is always paged, so no request reads the whole table.
 */
export function parseHunterListQuery(query: Record<string, unknown>): HunterListQuery {
  const reader = new ListQueryReader(query);
  const filters: HunterFilters = {
    price: reader.oneOf('price', PRICE_BANDS),
    location: reader.oneOf('location', HUNTER_LOCATIONS),
    specialty: reader.oneOf('specialty', HUNTER_SPECIALTIES),
    service: reader.oneOf('service', HUNTER_SERVICES),
    search: reader.search(),
  };
  const sort = reader.oneOf('sort', HUNTER_SORTS) ?? DEFAULT_HUNTER_SORT;
  const paging = reader.paging(DEFAULT_PAGE_SIZE) ?? { limit: DEFAULT_PAGE_SIZE, offset: 0 };
  reader.done();
  return { filters: withoutUndefined(filters), sort, paging };
}
