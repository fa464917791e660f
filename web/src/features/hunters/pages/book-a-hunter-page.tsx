import { FilteredListing } from '@/components/listing/filtered-listing';
import { ListingResults, LoadMoreButton } from '@/components/listing/listing-results';
import { Page } from '@/components/ui/page';
import { SEARCH_DEBOUNCE_MS } from '@/config/directory';
import { serverMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useUrlFilters } from '@/lib/url-filters';
import { useInfiniteListing } from '@/lib/use-infinite-listing';
import { useHunters } from '../api/get-hunters';
import { HunterCard } from '../components/hunter-card';
import { HuntersFilterPanel } from '../components/hunters-filter-panel';
import { DEFAULT_HUNTER_FILTERS, huntersCountLabel, toHunterQuery } from '../lib/hunter-filters';

export function BookAHunterPage() {
  const urlFilters = useUrlFilters(DEFAULT_HUNTER_FILTERS, SEARCH_DEBOUNCE_MS);
  const { filters, isDefault, changeFilters, resetFilters } = urlFilters;
  const results = useHunters(toHunterQuery(filters));
  const signedIn = useAuth().status === 'authenticated';

  // Infinite paging: the next page loads as the end of the grid comes into view (the button is the fallback).
  const { items: hunters, total, showMore, sentinel } = useInfiniteListing(results);
  const { hasNextPage, isFetchingNextPage } = results;

  return (
    <Page title="Book a Hunter" description="One-to-one sessions with independent style hunters, booked in minutes.">
      <div className="space-y-6">
        <FilteredListing
          searchLabel="Search hunters"
          searchPlaceholder="Search by name or keyword"
          urlFilters={urlFilters}
          filtersId="hunter-filters"
          filters={<HuntersFilterPanel filters={filters} onChange={changeFilters} onReset={resetFilters} />}
        >
          <ListingResults
            query={results}
            loadingLabel="Loading hunters..."
            failure={
              <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-800">
                {serverMessage(results.error, 400) ?? 'Hunters could not be loaded. Please try again in a moment.'}
              </p>
            }
            countLabel={huntersCountLabel(total)}
            filtered={!isDefault}
            onReset={resetFilters}
            empty={hunters.length === 0}
            emptyMessage="No hunters found matching your criteria."
            showEmptyReset={!isDefault}
            after={
              hasNextPage ? (
                <LoadMoreButton
                  sentinel={sentinel}
                  onClick={showMore}
                  label="Show more hunters"
                  pending={isFetchingNextPage}
                  pendingLabel="Loading hunters..."
                />
              ) : null
            }
          >
            {hunters.map((hunter) => (
              <li key={hunter.id} className="flex">
                <HunterCard hunter={hunter} signedIn={signedIn} />
              </li>
            ))}
          </ListingResults>
        </FilteredListing>
      </div>
    </Page>
  );
}
