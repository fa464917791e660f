import { SearchX, X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDrawnInBackground } from '@/lib/use-drawn-in-background';

/**
 * The results column of a filtered listing: loading, a failure, or the count with 'Clear all' (while filters are in
 * use), the grid of `children` (each a <li>) faded while the previous results stand in, and what comes after it.
 */
export function ListingResults({
  query,
  loadingLabel,
  failure,
  countLabel,
  filtered,
  onReset,
  empty,
  emptyMessage,
  showEmptyReset = true,
  after,
  children,
}: {
  query: { isPending: boolean; isError: boolean; isPlaceholderData: boolean };
  loadingLabel: string;
  /** The failure's paragraph (its words and role differ by listing). */
  failure: ReactNode;
  countLabel: string;
  filtered: boolean;
  onReset: () => void;
  empty: boolean;
  emptyMessage: string;
  showEmptyReset?: boolean;
  /** Below the grid: the 'Show more' box. */
  after?: ReactNode;
  children: ReactNode;
}) {
  const drawn = useDrawnInBackground(!query.isPending);
  return (
    <section aria-label="Results" className="min-w-0">
      {query.isPending || !drawn ? (
        <Spinner label={loadingLabel} />
      ) : query.isError ? (
        failure
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-semibold text-stone-700" aria-live="polite">
              {countLabel}
            </p>
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={onReset}>
                <X className="h-4 w-4" aria-hidden /> Clear all
              </Button>
            ) : null}
          </div>
          {empty ? (
            <div className="flex flex-col items-center rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
              <SearchX className="h-10 w-10 text-stone-300" aria-hidden />
              <p className="mt-4 text-base font-semibold text-stone-800">{emptyMessage}</p>
              {showEmptyReset ? (
                <Button className="mt-5" onClick={onReset}>
                  Reset Filters
                </Button>
              ) : null}
            </div>
          ) : (
            <>
              <ul className={`grid gap-5 sm:grid-cols-2 xl:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
                {children}
              </ul>
              {after}
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The 'Show more' button at the end of a list, in the box `useLoadMore` watches. */
export function LoadMoreButton({
  sentinel,
  onClick,
  label,
  pending = false,
  pendingLabel,
}: {
  sentinel: RefObject<HTMLDivElement | null>;
  onClick: () => void;
  label: string;
  pending?: boolean;
  pendingLabel?: string;
}) {
  return (
    <div ref={sentinel} className="mt-8 flex justify-center">
      <Button variant="outline" onClick={onClick} disabled={pending}>
        {pending && pendingLabel ? pendingLabel : label}
      </Button>
    </div>
  );
}
