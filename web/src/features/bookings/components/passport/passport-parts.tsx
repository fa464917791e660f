import type { BrandRef, StylePassport } from '@hunted/contracts';
import { Link } from 'react-router-dom';
import { BrandImage } from '@/components/ui/brand-image';
import { paths } from '@/config/paths';

/** Brand chips of a passport part (each links to its brand page), or a line saying there are none. */
export function PassportBrands({ brands, empty = 'None yet' }: { brands: readonly BrandRef[]; empty?: string }) {
  if (brands.length === 0) return <p className="text-sm text-stone-500">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {brands.map((brand) => (
        <li key={brand.id}>
          <Link
            to={paths.brand.getHref(brand.id, brand.name)}
            className="inline-flex items-center gap-1.5 rounded-full bg-white py-1 pr-3 pl-1 text-sm font-medium text-stone-800 ring-1 ring-stone-200 hover:ring-brand-300"
          >
            <BrandImage src={brand.imageUrl} name={brand.name} className="h-6 w-6 rounded-full text-[8px]" />
            {brand.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The value tags and price levels a member filters by most, with how often. */
export function PassportFilterHabits({ habits }: { habits: NonNullable<StylePassport['filterHabits']> }) {
  const rows = [
    { label: 'Values', items: habits.valueTags },
    { label: 'Price levels', items: habits.priceLevels },
  ];
  if (rows.every((row) => row.items.length === 0)) return <p className="text-sm text-stone-500">None yet</p>;
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map((row) =>
        row.items.length > 0 ? (
          <div key={row.label} className="flex flex-wrap items-center gap-2">
            <dt className="w-24 shrink-0 text-stone-500">{row.label}</dt>
            {row.items.map((habit) => (
              <dd key={habit.value} className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800">
                {habit.value} <span className="text-brand-600">×{habit.uses}</span>
              </dd>
            ))}
          </div>
        ) : null,
      )}
    </dl>
  );
}
