import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAddressSearch } from './use-address-search';

/** A listing's filters as the address holds them: every one a string, `search` the free text. */
export type UrlFilters = { search: string } & Record<string, string>;

/** Reads the filters from the address; a missing or empty parameter is the default. */
export function filtersFromAddress<F extends UrlFilters>(search: URLSearchParams, defaults: F): F {
  const filters = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof F & string)[]) {
    const value = search.get(key);
    if (value !== null && value.trim() !== '')
      filters[key] = (key === 'search' ? value : value.trim()) as F[typeof key];
  }
  return filters;
}

/** The address's parameters for the filters: only those that differ from the default, in the defaults' order. */
export function filtersToAddress<F extends UrlFilters>(filters: F, defaults: F): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(defaults) as (keyof F & string)[]) {
    const value = key === 'search' ? filters.search.trim() : (filters[key] as string);
    if (value !== '' && value !== defaults[key]) search.set(key, value);
  }
  return search;
}

/**
 * A listing's filters kept in the address (/brands, /book-a-hunter), so a link or Back shows the same list. A change
 * of a filter is a new history entry; the search box types freely and writes the address once typing pauses.
 */
export function useUrlFilters<F extends UrlFilters>(defaults: F, searchDelayMs: number) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromAddress(searchParams, defaults), [searchParams, defaults]);
  const address = filtersToAddress(filters, defaults);

  const setFilters = useCallback(
    (next: F, options: { replace?: boolean } = {}) =>
      setSearchParams(filtersToAddress(next, defaults), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      }),
    [setSearchParams, defaults],
  );
  const [searchText, setSearchText, showWrittenSearch] = useAddressSearch(
    filters.search,
    (search) => setFilters({ ...filters, search }, { replace: true }),
    searchDelayMs,
  );

  return {
    filters,
    /** The address's query string of the filters ('' for none). */
    addressSearch: address.toString(),
    /** How many filters are in use, the search box aside (the phone's 'Show Filters' counts them). */
    activeCount: [...address.keys()].filter((key) => key !== 'search').length,
    isDefault: address.toString() === '',
    changeFilters: (change: Partial<F>) => setFilters({ ...filters, ...change }),
    resetFilters: () => {
      showWrittenSearch(defaults.search);
      setFilters(defaults);
    },
    searchText,
    setSearchText,
  };
}
