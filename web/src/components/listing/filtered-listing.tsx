import { Search, SlidersHorizontal } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * A searchable, filterable list (/brands, /book-a-hunter): the search box, the filters beside the results on a wide
 * screen and behind 'Show Filters' on a phone (with the number of filters in use), and the results.
 */
export function FilteredListing({
  searchLabel,
  searchPlaceholder,
  urlFilters: { searchText, setSearchText, activeCount },
  filtersId,
  filters,
  children,
}: {
  searchLabel: string;
  searchPlaceholder: string;
  /** The listing's state from useUrlFilters: the search box's text and the number of filters in use. */
  urlFilters: { searchText: string; setSearchText: (text: string) => void; activeCount: number };
  /** The id of the filters panel, which the phone's toggle controls. */
  filtersId: string;
  filters: ReactNode;
  /** The results column. */
  children: ReactNode;
}) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <Input
            type="search"
            aria-label={searchLabel}
            placeholder={searchPlaceholder}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="pl-10"
          />
        </div>
        <Button
          variant="outline"
          className="lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
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
          id={filtersId}
          aria-label="Filters"
          className={`${filtersOpen ? 'block' : 'hidden'} rounded-3xl border border-stone-200 bg-white p-5 shadow-sm lg:sticky lg:top-24 lg:block lg:self-start`}
        >
          <h2 className="mb-4 text-sm font-bold text-stone-900">Filters</h2>
          {filters}
          <Button className="mt-3 w-full lg:hidden" onClick={() => setFiltersOpen(false)}>
            Apply Filters
          </Button>
        </aside>

        {children}
      </div>
    </>
  );
}
