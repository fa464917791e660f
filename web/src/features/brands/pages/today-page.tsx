import { CalendarDays, Clock, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useDrawnInBackground } from '@/lib/use-drawn-in-background';
import { useFeaturedBrand } from '../api/get-featured-brand';
import { useTodayBrands, type TodayQuery } from '../api/get-today-brands';
import { FeaturedCard, TodayCard } from '../components/today-card';
import { TodayFilters, TodayLeaderboard } from '../components/today-sidebar';
import { useCountdown } from '../hooks/use-countdown';
import { londonDateLabel } from '@/lib/london-time';

/**
 * What other features put on /today (they meet in app/routes/today.tsx): the hunters feature's Hunter's Pick, shown
 * beside the crowd's #1 once it is known (`pending` holds the page's placeholder so nothing moves when it arrives).
 */
export interface TodayPageSlots {
  besideFeatured?: { pending: boolean; element: ReactNode | null };
}

export function TodayPage({ slots = {} }: { slots?: TodayPageSlots }) {
  const auth = useAuth();
  const [query, setQuery] = useState<TodayQuery>({});
  const today = useTodayBrands(query);
  const featured = useFeaturedBrand();
  const countdown = useCountdown();
  const [date] = useState(() => londonDateLabel(Date.now()));
  const brands = today.data?.pages.flatMap((page) => page.items) ?? [];
  const waiting = today.isPending || featured.isPending || slots.besideFeatured?.pending === true;
  const drawn = useDrawnInBackground(!waiting);

  const submitClasses = buttonClasses({ className: 'self-start sm:self-auto' });
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <title>Today&apos;s Featured Brands · Hunted</title>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">Today&apos;s Featured Brands</h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-stone-600">
            <span className="inline-flex items-center gap-1.5">
              {/* The site's day is London's whatever the reader's zone (issue 38): the list turns at London's midnight. */}
              <CalendarDays className="h-4 w-4 text-stone-400" aria-hidden /> {date}, London time
            </span>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-700">
              <Clock className="h-3.5 w-3.5" aria-hidden /> <span aria-live="off">{countdown}</span>
              <span className="font-normal">(at midnight London time)</span>
            </span>
          </div>
        </div>
        {auth.status === 'authenticated' ? (
          <Link to={paths.submit.getHref()} className={submitClasses}>
            <Plus className="h-4 w-4" aria-hidden /> Submit a Brand
          </Link>
        ) : (
          <a href={paths.login.getHref()} className={submitClasses}>
            <Plus className="h-4 w-4" aria-hidden /> Submit a Brand
          </a>
        )}
      </div>

      {/* Phones: filters, then the list, then the leaderboard. Wide screens: both panels in the left column. */}
      <div className="mt-8 grid gap-6 lg:grid-cols-[17rem_1fr] lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <div className="lg:col-start-1 lg:row-start-1">
          <TodayFilters query={query} onChange={setQuery} />
        </div>
        <div className="lg:col-start-1 lg:row-start-2 lg:self-start max-lg:order-last">
          <TodayLeaderboard />
        </div>

        <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          {/* The featured card and the ranking replace one placeholder together, so neither pushes the other down. */}
          {waiting || !drawn ? (
            // A screen tall, so what follows (the leaderboard on phones) starts out of view and never moves.
            <p role="status" className="min-h-dvh py-16 text-center text-sm text-stone-500">
              Loading brands...
            </p>
          ) : (
            <>
              {slots.besideFeatured?.element ? (
                <div className="grid gap-6 xl:grid-cols-2">
                  {featured.data ? <FeaturedCard brand={featured.data} compact /> : null}
                  {slots.besideFeatured.element}
                </div>
              ) : featured.data ? (
                <FeaturedCard brand={featured.data} />
              ) : null}
              <section aria-label="Today's ranking">
                {today.isError ? (
                  <p className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-800">
                    Today&apos;s brands could not be loaded. Please try again in a moment.
                  </p>
                ) : brands.length === 0 ? (
                  <p className="rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center text-stone-600">
                    No brands found matching your criteria.
                  </p>
                ) : (
                  <>
                    <ol className="space-y-4">
                      {brands.map((brand, index) => (
                        <li key={brand.id}>
                          <TodayCard brand={brand} rank={index + 1} />
                        </li>
                      ))}
                    </ol>
                    {today.hasNextPage ? (
                      <div className="mt-8 flex justify-center">
                        <Button
                          variant="outline"
                          size="lg"
                          disabled={today.isFetchingNextPage}
                          onClick={() => void today.fetchNextPage()}
                        >
                          {today.isFetchingNextPage ? 'Loading brands...' : 'Load More Brands'}
                        </Button>
                      </div>
                    ) : null}
                  </>
                )}
              </section>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
