import { SearchX, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FilteredListing } from '@/components/filtered-listing';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { BRANDS_RENDER_BATCH, SCROLL_RESTORE_DELAY_MS, SEARCH_DEBOUNCE_MS } from '@/config/directory';
import { paths } from '@/config/paths';
import { useBrands } from '../api/get-brands';
import { BrandCard } from '../components/brand-card';
import { BrandsFilterPanel } from '../components/brands-filter-panel';
import { GuestBanner } from '../components/guest-banner';
import { useAddressSearch } from '@/lib/use-address-search';
import {
  collectHashtags,
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  isDefaultFilters,
  ranksWithinCategory,
  resultCountLabel,
  toBrandQuery,
  type BrandFilters,
} from '../lib/brand-filters';
import { recallScroll, rememberScroll } from '../lib/scroll-memory';

export function BrandsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const addressSearch = filtersToSearch(filters).toString();

  // The unfiltered directory: the hashtag list and every brand's rank within its category come from it.
  const everything = useBrands();
  const results = useBrands(toBrandQuery(filters));
  const hashtags = useMemo(() => collectHashtags(everything.data ?? []), [everything.data]);
  const ranks = useMemo(() => ranksWithinCategory(everything.data ?? []), [everything.data]);
  const brands = results.data ?? [];

  const setFilters = useCallback(
    (next: BrandFilters, options: { replace?: boolean } = {}) =>
      setSearchParams(filtersToSearch(next), { replace: options.replace ?? false, preventScrollReset: true }),
    [setSearchParams],
  );
  const changeFilters = (change: Partial<BrandFilters>) => setFilters({ ...filters, ...change });
  const resetFilters = () => {
    setSearchText('');
    setFilters(DEFAULT_FILTERS);
  };

  // The search box types freely; the address (and so the server query) follows once typing pauses.
  const [searchText, setSearchText] = useAddressSearch(
    filters.search,
    (search) => setFilters({ ...filters, search }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );

  // Progressive rendering: a batch of cards at a time, the next as the end of the grid comes into view.
  const [rendered, setRendered] = useState(BRANDS_RENDER_BATCH);
  const restoring = useRef(false);
  useEffect(() => {
    if (!restoring.current) setRendered(BRANDS_RENDER_BATCH);
  }, [addressSearch]);
  const showMore = useCallback(() => setRendered((count) => count + BRANDS_RENDER_BATCH), []);
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = rendered < brands.length;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, showMore, rendered]);

  // Scroll memory (spec): kept on unload and on View Details, restored shortly after the list loads.
  const latest = useRef({ rendered, addressSearch });
  latest.current = { rendered, addressSearch };
  const remember = useCallback(
    () =>
      rememberScroll({ y: window.scrollY, rendered: latest.current.rendered, search: latest.current.addressSearch }),
    [],
  );
  useEffect(() => {
    window.addEventListener('beforeunload', remember);
    return () => window.removeEventListener('beforeunload', remember);
  }, [remember]);
  const restored = useRef(false);
  const loaded = results.isSuccess;
  useEffect(() => {
    if (!loaded || restored.current) return;
    restored.current = true;
    const memory = recallScroll(addressSearch);
    if (!memory) return;
    restoring.current = true;
    setRendered((count) => Math.max(count, memory.rendered));
    const timer = setTimeout(() => {
      window.scrollTo({ top: memory.y, behavior: 'instant' });
      restoring.current = false;
    }, SCROLL_RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, addressSearch]);

  const activeCount = [...filtersToSearch(filters).keys()].filter((key) => key !== 'search').length;

  return (
    <Page title="All Brands" description="Independent brands from across the UK and Europe, all in one place.">
      <div className="space-y-6">
        <GuestBanner back={{ to: paths.home.getHref(), label: 'Back to Home' }}>
          You&apos;re browsing as a guest.{' '}
          <a href={paths.login.getHref()} className="font-semibold underline underline-offset-2 hover:text-amber-950">
            Sign in
          </a>{' '}
          to vote for and save your favourite brands.
        </GuestBanner>

        <FilteredListing
          searchLabel="Search brands"
          searchPlaceholder="Search brands, tags or hashtags"
          searchText={searchText}
          onSearchTextChange={setSearchText}
          filtersId="brand-filters"
          activeFilterCount={activeCount}
          filters={
            <BrandsFilterPanel filters={filters} hashtags={hashtags} onChange={changeFilters} onReset={resetFilters} />
          }
        >
          <section aria-label="Results" className="min-w-0">
            {results.isPending ? (
              <Spinner label="Loading brands..." />
            ) : results.isError ? (
              <p className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-800">
                Brands could not be loaded. Please try again in a moment.
              </p>
            ) : (
              <>
                <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm font-semibold text-stone-700" aria-live="polite">
                    {resultCountLabel(brands.length)}
                  </p>
                  {!isDefaultFilters(filters) ? (
                    <Button variant="ghost" size="sm" onClick={resetFilters}>
                      <X className="h-4 w-4" aria-hidden /> Clear all
                    </Button>
                  ) : null}
                </div>
                {brands.length === 0 ? (
                  <div className="flex flex-col items-center rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
                    <SearchX className="h-10 w-10 text-stone-300" aria-hidden />
                    <p className="mt-4 text-base font-semibold text-stone-800">No brands match your current filters</p>
                    <Button className="mt-5" onClick={resetFilters}>
                      Reset Filters
                    </Button>
                  </div>
                ) : (
                  <>
                    <ul
                      className={`grid gap-5 sm:grid-cols-2 xl:grid-cols-3 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
                    >
                      {brands.slice(0, rendered).map((brand) => (
                        <li key={brand.id} className="flex">
                          <BrandCard brand={brand} rank={ranks.get(brand.id)} onViewDetails={remember} />
                        </li>
                      ))}
                    </ul>
                    {hasMore ? (
                      <div ref={sentinel} className="mt-8 flex justify-center">
                        <Button variant="outline" onClick={showMore}>
                          Show more brands
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
