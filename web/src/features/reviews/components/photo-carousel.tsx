import type { Brand } from '@hunted/contracts';
import { ChevronLeft, ChevronRight, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { useBrandPhotoAt } from '../api/get-brand-photos';
import { wrapIndex } from '../lib/review-photos';
import { BrandImage } from '@/components/ui/brand-image';

/**
 * The brand's image, then its review photos: previous/next (wrapping), a counter and a 'Photo by' caption;
 * controls appear only with two or more photos. Review photos are read a page at a time, as they are reached.
 */
export function PhotoCarousel({
  brand,
  className,
}: {
  brand: Pick<Brand, 'id' | 'name' | 'imageUrl'>;
  className?: string;
}) {
  const [index, setIndex] = useState(0);
  const shown = useBrandPhotoAt(brand, index);
  const { count, photo } = shown;
  // The list can shrink (a brand's reviews removed) while a later photo is shown: start again from the first.
  if (index >= count) setIndex(0);
  const many = count > 1;
  const step = (by: number) => setIndex((current) => wrapIndex(current, by, count));
  const control =
    'absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow-md ring-1 ring-black/5 transition hover:bg-white';
  return (
    <figure className={cn('overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm', className)}>
      <div className="relative aspect-[16/10] bg-stone-100">
        {photo ? (
          <BrandImage key={photo.src} src={photo.src} name={photo.alt} className="h-full w-full" priority={index === 0} />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-sm text-stone-500">
            {shown.status === 'missing' ? (
              'This photo is not available any more.'
            ) : (
              <LoaderCircle className="h-7 w-7 animate-spin" aria-label="Loading photo" />
            )}
          </div>
        )}
        {many ? (
          <>
            <button
              type="button"
              aria-label="Previous photo"
              onClick={() => step(-1)}
              className={cn(control, 'left-3')}
            >
              <ChevronLeft className="h-5 w-5" aria-hidden />
            </button>
            <button type="button" aria-label="Next photo" onClick={() => step(1)} className={cn(control, 'right-3')}>
              <ChevronRight className="h-5 w-5" aria-hidden />
            </button>
          </>
        ) : null}
        <span className="absolute right-3 bottom-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white tabular-nums">
          {index + 1} / {count}
        </span>
      </div>
      <figcaption className="px-4 py-2.5 text-xs text-stone-500">
        {photo ? `Photo by ${photo.credit}` : '\u00a0'}
      </figcaption>
    </figure>
  );
}
