import type { Hunter } from '@hunted/contracts';
import { Search, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
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

  const [filtersOpen, setFiltersOpen] = useState(false);

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
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-stone-400"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search hunters"
              placeholder="Search by name or keyword"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              className="pl-10"
            />
          </div>
          <Button
            variant="outline"
            className="lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls="hunter-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden />
            {filtersOpen ? 'Hide Filters' : 'Show Filters'}
            {activeCount > 0 ? (
              <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">{activeCount}</span>
            ) : null}
          </Button>
        </div>

        <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
          <aside
            id="hunter-filters"
            aria-label="Filters"
            className={`${filtersOpen ? 'block' : 'hidden'} rounded-3xl border border-stone-200 bg-white p-5 shadow-sm lg:sticky lg:top-24 lg:block lg:self-start`}
          >
            <h2 className="mb-4 text-sm font-bold text-stone-900">Filters</h2>
            <HuntersFilterPanel filters={filters} onChange={changeFilters} onReset={resetFilters} />
            <Button className="mt-3 w-full lg:hidden" onClick={() => setFiltersOpen(false)}>
              Apply Filters
            </Button>
          </aside>

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
        </div>
      </div>
    </Page>
  );
}
