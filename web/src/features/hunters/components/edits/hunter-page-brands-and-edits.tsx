import { Heart, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BrandImage } from '@/components/ui/brand-image';
import { ShowMoreButton } from '@/components/ui/show-more-button';
import { paths } from '@/config/paths';
import { useHunterEdits } from '../../api/get-hunter-edits';
import { useHunterGoToBrands } from '../../api/get-hunter-go-to-brands';
import { PublishedEditCard } from './brand-hunter-edits';

const card = 'rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6';

/** A hunter's public page: their go-to brands, each linking to its page. Hidden when they have none. */
export function HunterGoToBrands({ hunterId }: { hunterId: number }) {
  const brands = useHunterGoToBrands(hunterId);
  if (!brands.data || brands.data.length === 0) return null;
  return (
    <section aria-labelledby="hunter-go-to-brands" className={card}>
      <h2 id="hunter-go-to-brands" className="flex items-center gap-2 text-lg font-bold text-stone-900">
        <Heart className="h-5 w-5 text-brand-600" aria-hidden /> Go-to brands
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {brands.data.map((brand) => (
          <li key={brand.id}>
            <Link
              to={paths.brand.getHref(brand.id, brand.name)}
              className="inline-flex items-center gap-2 rounded-full border border-stone-200 bg-white py-1 pr-3.5 pl-1 text-sm font-medium text-stone-800 shadow-xs transition-colors hover:border-brand-200 hover:bg-brand-50 hover:text-brand-800"
            >
              <span aria-hidden>
                <BrandImage src={brand.imageUrl} name={brand.name} className="h-7 w-7 rounded-full text-[9px]" />
              </span>
              {brand.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A hunter's public page: the edits they published with their clients' consent, a page at a time. */
export function HunterPublishedEdits({ hunterId }: { hunterId: number }) {
  const edits = useHunterEdits(hunterId);
  const loaded = edits.data?.pages.flatMap((page) => page.items) ?? [];
  if (loaded.length === 0) return null;
  return (
    <section aria-labelledby="hunter-edits" className={card}>
      <h2 id="hunter-edits" className="flex items-center gap-2 text-lg font-bold text-stone-900">
        <Sparkles className="h-5 w-5 text-brand-600" aria-hidden /> Edits
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Brand edits made for clients after a session, shared with their consent.
      </p>
      <ul className="mt-4 space-y-3">
        {loaded.map((edit) => (
          <li key={edit.id}>
            <PublishedEditCard edit={edit} showHunter={false} />
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <ShowMoreButton list={edits}>
          {edits.isFetchingNextPage ? 'Loading edits...' : 'Show more edits'}
        </ShowMoreButton>
      </div>
    </section>
  );
}
