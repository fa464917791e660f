import { useCallback, useEffect, useRef, useState } from 'react';
import { FilteredListing } from '@/components/listing/filtered-listing';
import { ListingResults, LoadMoreButton } from '@/components/listing/listing-results';
import { Page } from '@/components/ui/page';
import { SCROLL_RESTORE_DELAY_MS, SEARCH_DEBOUNCE_MS } from '@/config/directory';
import { paths } from '@/config/paths';
import { useUrlFilters } from '@/lib/url-filters';
import { useDrawnInBackground } from '@/lib/use-drawn-in-background';
import { useInfiniteListing } from '@/lib/use-infinite-listing';
import { useBrands } from '../api/get-brands';
import { useDirectoryHashtags } from '../api/get-directory-hashtags';
import { BrandCard } from '../components/brand-card';
import { BrandsFilterPanel } from '../components/brands-filter-panel';
import { GuestBanner } from '../components/guest-banner';
import { DEFAULT_FILTERS, resultCountLabel, toBrandQuery } from '../lib/brand-filters';
import { recallScroll, rememberScroll, type RememberedScroll } from '../lib/scroll-memory';

const noHashtags: string[] = [];
/** The cards a wide screen shows in its first row (one on a phone): their pictures are the page's largest paint. */
const FIRST_ROW_CARDS = 3;

export function BrandsPage() {
  const urlFilters = useUrlFilters(DEFAULT_FILTERS, SEARCH_DEBOUNCE_MS);
  const { filters, addressSearch, isDefault, changeFilters, resetFilters } = urlFilters;

  // Only the pages asked for travel: the total, each brand's rank and the hashtag list are counted by the server.
  const results = useBrands(toBrandQuery(filters));
  const hashtags = useDirectoryHashtags().data ?? noHashtags;
  // Infinite paging: the next page loads as the end of the grid comes into view (the button is the fallback).
  const { items: brands, total, showMore, sentinel } = useInfiniteListing(results);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = results;

  // Scroll memory (spec): kept on unload and on View Details, restored shortly after the list loads.
  const latest = useRef({ loaded: brands.length, addressSearch });
  latest.current = { loaded: brands.length, addressSearch };
  const remember = useCallback(
    () => rememberScroll({ y: window.scrollY, loaded: latest.current.loaded, search: latest.current.addressSearch }),
    [],
  );
  useEffect(() => {
    window.addEventListener('beforeunload', remember);
    return () => window.removeEventListener('beforeunload', remember);
  }, [remember]);
  const [restoring, setRestoring] = useState<RememberedScroll | null>(null);
  const recalled = useRef(false);
  // Once the list is on screen: it is drawn in the background after it arrives (ListingResults), in the same render.
  const loaded = useDrawnInBackground(results.isSuccess) && results.isSuccess;
  useEffect(() => {
    if (!loaded || recalled.current) return;
    recalled.current = true;
    setRestoring(recallScroll(addressSearch));
  }, [loaded, addressSearch]);
  // The remembered position may lie below the first page: read pages back until as many brands are loaded as
  // were then (or the list ends, or a page fails), and only then scroll, so the position exists again.
  const short = restoring !== null && brands.length < restoring.loaded && hasNextPage && !isFetchNextPageError;
  const settling = short || isFetchingNextPage;
  useEffect(() => {
    if (!restoring) return;
    if (short) {
      if (!isFetchingNextPage) void fetchNextPage();
      return;
    }
    if (settling) return;
    const timer = setTimeout(() => {
      window.scrollTo({ top: restoring.y, behavior: 'instant' });
      setRestoring(null);
    }, SCROLL_RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [restoring, short, settling, isFetchingNextPage, fetchNextPage]);

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
            countLabel={resultCountLabel(total)}
            filtered={!isDefault}
            onReset={resetFilters}
            empty={brands.length === 0}
            emptyMessage="No brands match your current filters"
            after={
              hasNextPage ? (
                <LoadMoreButton
                  sentinel={sentinel}
                  onClick={showMore}
                  label="Show more brands"
                  pending={isFetchingNextPage}
                  pendingLabel="Loading brands..."
                />
              ) : null
            }
          >
            {brands.map((brand, index) => (
              <li key={brand.id} className="flex">
                <BrandCard
                  brand={brand}
                  rank={brand.categoryRank ?? undefined}
                  onViewDetails={remember}
                  priority={index < FIRST_ROW_CARDS}
                />
              </li>
            ))}
          </ListingResults>
        </FilteredListing>
      </div>
    </Page>
  );
}
