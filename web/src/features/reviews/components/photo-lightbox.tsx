import { ChevronLeft, ChevronRight, LoaderCircle } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Dialog, FullscreenDialogContent } from '@/components/ui/dialog';
import { wrapIndex, type BrandPhoto } from '../lib/review-photos';

/**
 * One photo at full size. ArrowRight and ArrowLeft move through the photos (wrapping around), Escape closes;
 * focus stays inside while it is open and returns where it was when it closes. The photos are not all here: the
 * parent hands over the one at `index` (undefined while its page is read).
 */
export function PhotoLightbox({
  index,
  count,
  photo,
  missing = false,
  onIndexChange,
}: {
  /** The photo shown, or null when closed. */
  index: number | null;
  count: number;
  photo: BrandPhoto | undefined;
  /** The photo could not be read (or is gone): say so instead of waiting. */
  missing?: boolean;
  onIndexChange: (index: number | null) => void;
}) {
  const step = (by: number) => {
    if (index !== null) onIndexChange(wrapIndex(index, by, count));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    }
  };
  const control =
    'absolute top-1/2 flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white transition-colors hover:bg-white/25 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none';
  return (
    <Dialog open={index !== null} onOpenChange={(open) => (open ? undefined : onIndexChange(null))}>
      {index !== null ? (
        <FullscreenDialogContent title="Photo viewer" onKeyDown={onKeyDown} data-testid="lightbox">
          <div className="relative flex h-full flex-col items-center justify-center gap-3 px-4 pb-6 sm:px-20">
            {photo ? (
              <img
                key={photo.src}
                src={photo.src}
                alt={photo.alt}
                className="max-h-[calc(100dvh-9rem)] max-w-full rounded-lg object-contain shadow-2xl"
              />
            ) : (
              <div className="flex aspect-square w-full max-w-md items-center justify-center rounded-lg bg-white/5 text-sm text-white/70">
                {missing ? (
                  'This photo is not available any more.'
                ) : (
                  <LoaderCircle className="h-8 w-8 animate-spin" aria-label="Loading photo" />
                )}
              </div>
            )}
            <p className="text-sm text-white/80">
              {photo ? `Photo by ${photo.credit}` : '\u00a0'}
              <span className="ml-3 tabular-nums text-white/60">
                {index + 1} / {count}
              </span>
            </p>
            {count > 1 ? (
              <>
                <button
                  type="button"
                  aria-label="Previous photo"
                  onClick={() => step(-1)}
                  className={`${control} left-2 sm:left-5`}
                >
                  <ChevronLeft className="h-6 w-6" aria-hidden />
                </button>
                <button
                  type="button"
                  aria-label="Next photo"
                  onClick={() => step(1)}
                  className={`${control} right-2 sm:right-5`}
                >
                  <ChevronRight className="h-6 w-6" aria-hidden />
                </button>
              </>
            ) : null}
          </div>
        </FullscreenDialogContent>
      ) : null}
    </Dialog>
  );
}
