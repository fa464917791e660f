import type { Hunter } from '@hunted/contracts';
import { SearchX, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FilteredListing } from '@/components/filtered-listing';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { SEARCH_DEBOUNCE_MS } from '@/config/directory';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useHunters } from '../api/get-hunters';
import { HunterCard } from '../components/hunter-card';
import { HuntersFilterPanel } from '../components/hunters-filter-panel';
import { useAddressSearch } from '@/lib/use-address-search';
import {
  DEFAULT_HUNTER_FILTERS,
  hunterFiltersFromSearch,
  hunterFiltersToSearch,
  huntersCountLabel,
  isDefaultHunterFilters,
  toHunterQuery,
  type HunterFilters,
} from '../lib/hunter-filters';

export function BookAHunterPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => hunterFiltersFromSearch(searchParams), [searchParams]);
  const results = useHunters(toHunterQuery(filters));
  const signedIn = useAuth().status === 'authenticated';

  const hunters = useMemo<Hunter[]>(() => results.data?.pages.flatMap((page) => page.items) ?? [], [results.data]);
  const total = results.data?.pages[0]?.total ?? 0;

  const setFilters = useCallback(
    (next: HunterFilters, options: { replace?: boolean } = {}) =>
      setSearchParams(hunterFiltersToSearch(next), { replace: options.replace ?? false, preventScrollReset: true }),
    [setSearchParams],
  );
  const changeFilters = (change: Partial<HunterFilters>) => setFilters({ ...filters, ...change });
  const resetFilters = () => {
    setSearchText('');
    setFilters(DEFAULT_HUNTER_FILTERS);
  };

  // The search box types freely; the address (and so the server query) follows once typing pauses.
  const [searchText, setSearchText] = useAddressSearch(
    filters.search,
    (search) => setFilters({ ...filters, search }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );

  // Infinite paging: the next page loads as the end of the grid comes into view (the button is the fallback).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  const showMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, showMore, hunters.length]);

  const activeCount = [...hunterFiltersToSearch(filters).keys()].filter((key) => key !== 'search').length;

  return (
    <Page title="Book a Hunter" description="One-to-one sessions with independent style hunters, booked in minutes.">
      <div className="space-y-6">
        <FilteredListing
          searchLabel="Search hunters"
          searchPlaceholder="Search by name or keyword"
          searchText={searchText}
          onSearchTextChange={setSearchText}
          filtersId="hunter-filters"
          activeFilterCount={activeCount}
          filters={<HuntersFilterPanel filters={filters} onChange={changeFilters} onReset={resetFilters} />}
        >
          <section aria-label="Results" className="min-w-0">
            {results.isPending ? (
              <Spinner label="Loading hunters..." />
            ) : results.isError ? (
              <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-800">
                {serverMessage(results.error, 400) ?? 'Hunters could not be loaded. Please try again in a moment.'}
              </p>
            ) : (
              <>
                <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm font-semibold text-stone-700" aria-live="polite">
                    {huntersCountLabel(total)}
                  </p>
                  {!isDefaultHunterFilters(filters) ? (
                    <Button variant="ghost" size="sm" onClick={resetFilters}>
                      <X className="h-4 w-4" aria-hidden /> Clear all
                    </Button>
                  ) : null}
                </div>
                {hunters.length === 0 ? (
                  <div className="flex flex-col items-center rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
                    <SearchX className="h-10 w-10 text-stone-300" aria-hidden />
                    <p className="mt-4 text-base font-semibold text-stone-800">
                      No hunters found matching your criteria.
                    </p>
                    {!isDefaultHunterFilters(filters) ? (
                      <Button className="mt-5" onClick={resetFilters}>
                        Reset Filters
                      </Button>
                    ) : null}
                  </div>
                ) : (
                  <>
                    <ul
                      className={`grid gap-5 sm:grid-cols-2 xl:grid-cols-3 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
                    >
                      {hunters.map((hunter) => (
                        <li key={hunter.id} className="flex">
                          <HunterCard hunter={hunter} signedIn={signedIn} />
                        </li>
                      ))}
                    </ul>
                    {hasNextPage ? (
                      <div ref={sentinel} className="mt-8 flex justify-center">
                        <Button variant="outline" onClick={showMore} disabled={isFetchingNextPage}>
                          {isFetchingNextPage ? 'Loading hunters...' : 'Show more hunters'}
                        </Button>
                      </div>
                    ) : null}
                  </>
                )}
              </>
            )}
          </section>
        </FilteredListing>
      </div>
    </Page>
  );
}
