import { filtersFromAddress, filtersToAddress } from '@/lib/url-filters';
import type { BrandQuery } from '../api/get-brands';

/** The /brands filter state (spec section 2): every value 'all' by default, rating 'any'. */
export type BrandFilters = {
  category: string;
  location: string;
  delivery: string;
  rating: string;
  priceCategory: string;
  tag: string;
  hashtag: string;
  search: string;
};

export const DEFAULT_FILTERS: BrandFilters = {
  category: 'all',
  location: 'all',
  delivery: 'all',
  rating: 'any',
  priceCategory: 'all',
  tag: 'all',
  hashtag: 'all',
  search: '',
};

/** Reads the filters from the address; a missing or empty parameter is the default. */
export const filtersFromSearch = (search: URLSearchParams): BrandFilters => filtersFromAddress(search, DEFAULT_FILTERS);

/** The address's parameters for the filters: only those that differ from the default, in a stable order. */
export const filtersToSearch = (filters: BrandFilters): URLSearchParams => filtersToAddress(filters, DEFAULT_FILTERS);

export function isDefaultFilters(filters: BrandFilters): boolean {
  return filtersToSearch(filters).toString() === '';
}

/** The server query for the filters: 'all'/'any' and an empty search are no filter. */
export function toBrandQuery(filters: BrandFilters): BrandQuery {
  const query: BrandQuery = {};
  const pick = (value: string) => (value === 'all' || value === 'any' || value === '' ? undefined : value);
  const set = <K extends keyof BrandQuery>(key: K, value: string | undefined) => {
    if (value !== undefined) query[key] = value;
  };
  set('category', pick(filters.category));
  set('location', pick(filters.location));
  set('delivery', pick(filters.delivery));
  set('minRating', pick(filters.rating));
  set('priceCategory', pick(filters.priceCategory));
  set('tag', pick(filters.tag));
  set('hashtag', pick(filters.hashtag));
  set('search', pick(filters.search.trim()));
  return query;
}

/** The result count, in the spec's words. */
export function resultCountLabel(count: number): string {
  // The spec's exact wording, '(s)' included.
  return `${count} brand(s) found`;
}

/** Items beyond the first `shown`, as '+n more', or null when all fit. */
export function moreLabel(total: number, shown: number): string | null {
  return total > shown ? `+${total - shown} more` : null;
}
