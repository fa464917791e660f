import { Trophy } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cn } from '@/components/ui/cn';
import { BRAND_CATEGORIES, BRAND_COUNTRIES, DELIVERY_SCOPES, SIDEBAR_CATEGORY_COUNT } from '@/config/directory';
import { paths } from '@/config/paths';
import { useTopBrands } from '../api/get-top-brands';
import type { TodayQuery } from '../api/get-today-brands';
import { FilterSelect, withAll } from '@/components/ui/filter-select';

/** Category (the first five), location and delivery filters of /today. */
export function TodayFilters({ query, onChange }: { query: TodayQuery; onChange: (next: TodayQuery) => void }) {
  const categories = ['all', ...BRAND_CATEGORIES.slice(0, SIDEBAR_CATEGORY_COUNT)];
  const current = query.category ?? 'all';
  const set = (key: keyof TodayQuery, value: string) => onChange({ ...query, [key]: value === 'all' ? undefined : value });
  return (
    <section aria-labelledby="today-filters" className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="today-filters" className="text-sm font-bold text-stone-900">
        Filters
      </h2>
      <fieldset className="mt-4">
        <legend className="mb-1.5 block text-xs font-semibold tracking-wide text-stone-500 uppercase">Category</legend>
        <ul className="flex flex-wrap gap-1.5 lg:flex-col lg:gap-1">
          {categories.map((category) => (
            <li key={category}>
              <button
                type="button"
                aria-pressed={current === category}
                onClick={() => set('category', category)}
                className={cn(
                  'w-full rounded-full px-3 py-1.5 text-left text-sm font-medium transition-colors lg:rounded-xl',
                  current === category
                    ? 'bg-brand-600 text-white'
                    : 'bg-stone-100 text-stone-700 hover:bg-stone-200 lg:bg-transparent lg:hover:bg-stone-100',
                )}
              >
                {category === 'all' ? 'All Categories' : category}
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-1">
        <FilterSelect
          label="Location"
          value={query.location ?? 'all'}
          options={withAll('All Countries', BRAND_COUNTRIES, query.location)}
          onChange={(value) => set('location', value)}
        />
        <FilterSelect
          label="Delivery"
          value={query.delivery ?? 'all'}
          options={withAll('All Delivery', DELIVERY_SCOPES, query.delivery)}
          onChange={(value) => set('delivery', value)}
        />
      </div>
    </section>
  );
}

/** "Today's Leaderboard": the top three by votes today. */
export function TodayLeaderboard() {
  const top = useTopBrands();
  const brands = top.data ?? [];
  return (
    <section aria-labelledby="leaderboard" className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="leaderboard" className="flex items-center gap-2 text-sm font-bold text-stone-900">
        <Trophy className="h-4 w-4 text-amber-500" aria-hidden /> Today&apos;s Leaderboard
      </h2>
      {top.isPending ? (
        <p className="mt-3 text-sm text-stone-500">Loading...</p>
      ) : brands.length === 0 ? (
        <p className="mt-3 text-sm text-stone-500">No votes yet today. Be the first!</p>
      ) : (
        <ol className="mt-3 space-y-1">
          {brands.map((brand, index) => (
            <li key={brand.id}>
              <Link
                to={paths.brand.getHref(brand.id, brand.name)}
                className="flex items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-stone-50"
              >
                <span
                  className={cn(
                    'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-extrabold',
                    index === 0 ? 'bg-amber-400 text-amber-950' : index === 1 ? 'bg-stone-300 text-stone-800' : 'bg-orange-200 text-orange-900',
                  )}
                >
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1 truncate text-sm font-semibold text-stone-800">{brand.name}</span>
                <span className="text-xs font-semibold whitespace-nowrap text-stone-500">
                  {brand.todayVotes} {brand.todayVotes === 1 ? 'vote' : 'votes'}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
