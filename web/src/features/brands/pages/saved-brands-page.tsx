import type { Brand } from '@hunted/contracts';
import { Compass, Heart, MapPin, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { StarRating } from '@/components/ui/star-rating';
import { paths } from '@/config/paths';
import { useSavedBrands } from '../api/get-saved-brands';
import { BrandImage } from '@/components/ui/brand-image';
import { BrandLinkIcons } from '../components/brand-links';

export function savedCountLabel(count: number): string {
  // The spec's exact wording, '(s)' included.
  return `You have ${count} saved brand(s)`;
}

export function SavedBrandsPage() {
  const saved = useSavedBrands();
  const brands = saved.data ?? [];
  return (
    <Page title="Saved Brands" description="The brands you have saved to come back to.">
      {saved.isPending ? (
        <Spinner label="Loading saved brands..." />
      ) : saved.isError ? (
        <p className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-800">
          Your saved brands could not be loaded. Please try again in a moment.
        </p>
      ) : brands.length === 0 ? (
        <div className="flex flex-col items-center rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <Heart className="h-6 w-6" aria-hidden />
          </span>
          <h2 className="mt-5 text-lg font-bold text-stone-900">No saved brands yet</h2>
          <p className="mt-2 max-w-sm text-sm text-stone-600">
            Tap Save on any brand you love and it will wait for you here.
          </p>
          <Link to={paths.brands.getHref()} className={buttonClasses({ className: 'mt-6' })}>
            <Compass className="h-4 w-4" aria-hidden /> Explore Brands
          </Link>
        </div>
      ) : (
        <>
          <p className="mb-5 text-sm font-semibold text-stone-700">{savedCountLabel(brands.length)}</p>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {brands.map((brand) => (
              <li key={brand.id} className="flex">
                <SavedBrandCard brand={brand} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}

function SavedBrandCard({ brand }: { brand: Brand }) {
  return (
    <article className="flex w-full flex-col rounded-3xl border border-stone-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start gap-4">
        <BrandImage src={brand.imageUrl} name={brand.name} className="h-16 w-16 shrink-0 rounded-2xl" />
        <div className="min-w-0">
          <h2 className="text-lg font-bold tracking-tight text-stone-900">
            <Link to={paths.brand.getHref(brand.id, brand.name)} className="hover:text-brand-700">
              {brand.name}
            </Link>
          </h2>
          <StarRating rating={brand.rating} className="mt-1" />
        </div>
      </div>
      <p className="mt-3 line-clamp-3 text-sm leading-6 text-stone-600">{brand.description}</p>
      <div className="mt-3 flex flex-wrap gap-1.5">
        <Badge tone="brand">{brand.category}</Badge>
        <Badge>
          <MapPin aria-hidden /> {brand.location}
        </Badge>
      </div>
      <div className="mt-auto flex items-center justify-between gap-3 pt-4">
        <BrandLinkIcons brand={brand} />
        <span className="ml-auto inline-flex items-center gap-1.5 text-sm font-semibold text-stone-700">
          <ThumbsUp className="h-4 w-4 text-brand-600" aria-hidden />
          {brand.votes} {brand.votes === 1 ? 'vote' : 'votes'}
        </span>
      </div>
    </article>
  );
}
