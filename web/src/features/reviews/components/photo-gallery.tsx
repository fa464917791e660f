import type { Brand } from '@hunted/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, FullscreenDialogContent } from '@/components/ui/dialog';
import { PHOTOS_PAGE_SIZE } from '@/config/directory';
import { brandPhotoPageQueryOptions } from '../api/get-brand-photos';
import { brandOwnPhoto, toBrandPhoto, type BrandPhoto } from '../lib/review-photos';

type GallerySubject = Pick<Brand, 'id' | 'name' | 'imageUrl'>;

/**
 * Every photo of the brand as a full-screen grid, a page of review photos at a time (the next page is read as the
 * end of the grid comes into view, or with 'Show more photos'); choosing one asks for it in the lightbox.
 */
export function PhotoGallery({
  brand,
  count,
  open,
  onOpenChange,
  onOpenPhoto,
}: {
  brand: GallerySubject;
  /** The brand's image plus every review photo. */
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenPhoto: (index: number) => void;
}) {
  const [pagesShown, setPagesShown] = useState(1);
  const hasMore = pagesShown * PHOTOS_PAGE_SIZE < count - 1;
  const showMore = () => setPagesShown((pages) => pages + 1);
  const [endElement, setEndElement] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!endElement || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) showMore();
    });
    observer.observe(endElement);
    return () => observer.disconnect();
  }, [endElement, hasMore, pagesShown]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <FullscreenDialogContent title={`All Photos (${count})`} showTitle>
        <div className="h-full overflow-y-auto px-4 pb-8 sm:px-6">
          <ul className="grid auto-rows-min grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            <GalleryTile photo={brandOwnPhoto(brand)} index={0} count={count} onOpen={onOpenPhoto} />
            {Array.from({ length: pagesShown }, (_, pageNumber) => (
              <GalleryPage
                key={pageNumber}
                brandId={brand.id}
                pageNumber={pageNumber}
                count={count}
                onOpen={onOpenPhoto}
              />
            ))}
          </ul>
          {hasMore ? (
            <div ref={setEndElement} className="flex justify-center pt-6">
              <Button
                variant="outline"
                size="sm"
                onClick={showMore}
                className="border-white/20 bg-white/10 text-white hover:bg-white/20"
              >
                Show more photos
              </Button>
            </div>
          ) : null}
        </div>
      </FullscreenDialogContent>
    </Dialog>
  );
}

/** One page of review photos in the grid; while it is read, grey squares hold its place. */
function GalleryPage({
  brandId,
  pageNumber,
  count,
  onOpen,
}: {
  brandId: number;
  pageNumber: number;
  count: number;
  onOpen: (index: number) => void;
}) {
  const page = useQuery(brandPhotoPageQueryOptions(brandId, pageNumber));
  const firstIndex = 1 + pageNumber * PHOTOS_PAGE_SIZE;
  if (!page.data) {
    const expected = Math.max(0, Math.min(PHOTOS_PAGE_SIZE, count - firstIndex));
    return Array.from({ length: expected }, (_, offset) => (
      <li key={`waiting-${offset}`} aria-hidden className="aspect-square animate-pulse rounded-xl bg-white/10" />
    ));
  }
  return page.data.items.map((photo, offset) => (
    <GalleryTile
      key={photo.url}
      photo={toBrandPhoto(photo)}
      index={firstIndex + offset}
      count={count}
      onOpen={onOpen}
    />
  ));
}

function GalleryTile({
  photo,
  index,
  count,
  onOpen,
}: {
  photo: BrandPhoto;
  index: number;
  count: number;
  onOpen: (index: number) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(index)}
        aria-label={`Open photo ${index + 1} of ${count}, by ${photo.credit}`}
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
  );
}
