import { Dialog, FullscreenDialogContent } from '@/components/ui/dialog';
import type { BrandPhoto } from '../lib/review-photos';

/** Every photo of the brand as a full-screen grid; choosing one asks for it in the lightbox. */
export function PhotoGallery({
  photos,
  open,
  onOpenChange,
  onOpenPhoto,
}: {
  photos: readonly BrandPhoto[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenPhoto: (index: number) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <FullscreenDialogContent title={`All Photos (${photos.length})`} showTitle>
        <ul className="grid h-full auto-rows-min grid-cols-2 gap-3 overflow-y-auto px-4 pb-8 sm:grid-cols-3 sm:px-6 lg:grid-cols-4">
          {photos.map((photo, index) => (
            <li key={`${photo.src}-${index}`}>
              <button
                type="button"
                onClick={() => onOpenPhoto(index)}
                aria-label={`Open photo ${index + 1} of ${photos.length}, by ${photo.credit}`}
                className="group block w-full overflow-hidden rounded-xl bg-white/5 text-left focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
              >
                <img
                  src={photo.src}
                  alt={photo.alt}
                  loading="lazy"
                  className="aspect-square w-full object-cover transition-transform group-hover:scale-[1.03]"
                />
                <span className="block truncate px-2.5 py-2 text-xs text-white/75">Photo by {photo.credit}</span>
              </button>
            </li>
          ))}
        </ul>
      </FullscreenDialogContent>
    </Dialog>
  );
}
