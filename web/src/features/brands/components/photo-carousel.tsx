import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/components/ui/cn';
import type { BrandPhoto } from '../lib/review-photos';
import { BrandImage } from './brand-image';

/** A picture in the carousel: the brand's own image, then review photos. */
export type CarouselPhoto = BrandPhoto;

/** Previous/next (wrapping), a counter and a 'Photo by' caption; controls appear only with two or more photos. */
export function PhotoCarousel({ photos, className }: { photos: readonly CarouselPhoto[]; className?: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (index >= photos.length) setIndex(0);
  }, [index, photos.length]);
  const photo = photos[Math.min(index, photos.length - 1)];
  if (!photo) return null;
  const many = photos.length > 1;
  const step = (by: number) => setIndex((current) => (current + by + photos.length) % photos.length);
  const control =
    'absolute top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow-md ring-1 ring-black/5 transition hover:bg-white';
  return (
    <figure className={cn('overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm', className)}>
      <div className="relative aspect-[16/10] bg-stone-100">
        <BrandImage key={photo.src} src={photo.src} name={photo.alt} className="h-full w-full" />
        {many ? (
          <>
            <button type="button" aria-label="Previous photo" onClick={() => step(-1)} className={cn(control, 'left-3')}>
              <ChevronLeft className="h-5 w-5" aria-hidden />
            </button>
            <button type="button" aria-label="Next photo" onClick={() => step(1)} className={cn(control, 'right-3')}>
              <ChevronRight className="h-5 w-5" aria-hidden />
            </button>
          </>
        ) : null}
        <span className="absolute right-3 bottom-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white tabular-nums">
          {index + 1} / {photos.length}
        </span>
      </div>
      <figcaption className="px-4 py-2.5 text-xs text-stone-500">Photo by {photo.credit}</figcaption>
    </figure>
  );
}
