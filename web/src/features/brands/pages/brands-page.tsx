import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FilteredListing } from '@/components/listing/filtered-listing';
import { ListingResults, LoadMoreButton } from '@/components/listing/listing-results';
import { Page } from '@/components/ui/page';
import { BRANDS_RENDER_BATCH, SCROLL_RESTORE_DELAY_MS, SEARCH_DEBOUNCE_MS } from '@/config/directory';
import { paths } from '@/config/paths';
import { useUrlFilters } from '@/lib/url-filters';
import { useLoadMore } from '@/lib/use-load-more';
import { useBrands } from '../api/get-brands';
import { BrandCard } from '../components/brand-card';
import { BrandsFilterPanel } from '../components/brands-filter-panel';
import { GuestBanner } from '../components/guest-banner';
import {
  collectHashtags,
  DEFAULT_FILTERS,
  ranksWithinCategory,
  resultCountLabel,
  toBrandQuery,
} from '../lib/brand-filters';
import { recallScroll, rememberScroll } from '../lib/scroll-memory';

export function BrandsPage() {
  const urlFilters = useUrlFilters(DEFAULT_FILTERS, SEARCH_DEBOUNCE_MS);
  const { filters, addressSearch, isDefault, changeFilters, resetFilters } = urlFilters;

  // The unfiltered directory: the hashtag list and every brand's rank within its category come from it.
  const everything = useBrands();
  const results = useBrands(toBrandQuery(filters));
  const hashtags = useMemo(() => collectHashtags(everything.data ?? []), [everything.data]);
  const ranks = useMemo(() => ranksWithinCategory(everything.data ?? []), [everything.data]);
  const brands = results.data ?? [];

  // Progressive rendering: a batch of cards at a time, the next as the end of the grid comes into view.
  const [rendered, setRendered] = useState(BRANDS_RENDER_BATCH);
  const restoring = useRef(false);
  useEffect(() => {
    if (!restoring.current) setRendered(BRANDS_RENDER_BATCH);
  }, [addressSearch]);
  const showMore = useCallback(() => setRendered((count) => count + BRANDS_RENDER_BATCH), []);
  const hasMore = rendered < brands.length;
  const sentinel = useLoadMore(hasMore, showMore, rendered);

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
          urlFilters={urlFilters}
          filtersId="brand-filters"
          filters={
            <BrandsFilterPanel filters={filters} hashtags={hashtags} onChange={changeFilters} onReset={resetFilters} />
          }
        >
          <ListingResults
            query={results}
            loadingLabel="Loading brands..."
            failure={
              <p className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-800">
                Brands could not be loaded. Please try again in a moment.
              </p>
            }
            countLabel={resultCountLabel(brands.length)}
            filtered={!isDefault}
            onReset={resetFilters}
            empty={brands.length === 0}
            emptyMessage="No brands match your current filters"
            after={hasMore ? <LoadMoreButton sentinel={sentinel} onClick={showMore} label="Show more brands" /> : null}
          >
            {brands.slice(0, rendered).map((brand) => (
              <li key={brand.id} className="flex">
                <BrandCard brand={brand} rank={ranks.get(brand.id)} onViewDetails={remember} />
              </li>
            ))}
          </ListingResults>
        </FilteredListing>
      </div>
    </Page>
  );
}
