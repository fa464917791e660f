import type { Brand, Review } from '@hunted/contracts';
import { Images, LogIn } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { goToLogin, useAuth, type AuthState } from '@/lib/auth';
import { useReviews } from '../api/get-reviews';
import { brandPhotos } from '../lib/review-photos';
import { CommentsPanel } from './comments-panel';
import { PhotoGallery } from './photo-gallery';
import { PhotoLightbox } from './photo-lightbox';
import { ReviewCard } from './review-card';
import { ReviewForm } from './review-form';

/** The id of the review form's place on the page, which the 'Review' button scrolls to. */
export const WRITE_REVIEW_ANCHOR = 'write-review';

/**
 * The brand page's reviews (list, form, 'View All Photos' gallery and lightbox) and its comments. The detail
 * page wraps it in the `#reviews` anchor the rating summary scrolls to.
 */
export function BrandReviews({ brand }: { brand: Pick<Brand, 'id' | 'name' | 'imageUrl'> }) {
  const auth = useAuth();
  const reviews = useReviews(brand.id);
  const list = useMemo(() => reviews.data ?? [], [reviews.data]);
  const photos = useMemo(() => brandPhotos(brand, list), [brand, list]);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);

  // Where each review's first photo sits among all the photos (the brand's own image comes first).
  const firstPhotoIndex = useMemo(() => {
    const starts = new Map<number, number>();
    let next = 1;
    for (const review of list) {
      starts.set(review.id, next);
      next += review.photos.length;
    }
    return starts;
  }, [list]);

  return (
    <div className="space-y-10">
      <section aria-labelledby="reviews-heading" className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reviews-heading" className="text-xl font-bold tracking-tight text-stone-900">
            Reviews{reviews.data ? ` (${list.length})` : ''}
          </h2>
          <Button variant="outline" size="sm" onClick={() => setGalleryOpen(true)}>
            <Images className="h-4 w-4" aria-hidden /> View All Photos ({photos.length})
          </Button>
        </div>

        <div id={WRITE_REVIEW_ANCHOR} className="scroll-mt-24">
          <ReviewFormSlot brandId={brand.id} auth={auth} reviews={reviews.isError ? [] : reviews.data} />
        </div>

        {reviews.isPending ? (
          <p className="py-6 text-center text-sm text-stone-500">Loading reviews...</p>
        ) : reviews.isError ? (
          <p className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">Failed to fetch reviews</p>
        ) : list.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 px-4 py-8 text-center text-sm text-stone-500">
            No reviews yet. Be the first to share your experience.
          </p>
        ) : (
          <div className="space-y-4">
            {list.map((review) => (
              <ReviewCard
                key={review.id}
                review={review}
                onOpenPhoto={(photoIndex) => setLightboxIndex((firstPhotoIndex.get(review.id) ?? 1) + photoIndex)}
              />
            ))}
          </div>
        )}
      </section>

      <CommentsPanel brandId={brand.id} />

      <PhotoGallery photos={photos} open={galleryOpen} onOpenChange={setGalleryOpen} onOpenPhoto={setLightboxIndex} />
      <PhotoLightbox photos={photos} index={lightboxIndex} onIndexChange={setLightboxIndex} />
    </div>
  );
}

/** The form for a member who has not reviewed this brand; otherwise a line saying why there is none. */
function ReviewFormSlot({ brandId, auth, reviews }: { brandId: number; auth: AuthState; reviews: Review[] | undefined }) {
  const note = 'rounded-2xl border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700';
  if (auth.status === 'loading') return null;
  if (auth.status === 'unauthenticated') {
    return (
      <div className={`${note} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`}>
        <p>Please log in to write a review</p>
        <Button size="sm" variant="outline" onClick={goToLogin}>
          <LogIn className="h-4 w-4" aria-hidden /> Sign in
        </Button>
      </div>
    );
  }
  // Until the reviews are known we cannot tell whether this member has already written one.
  if (reviews === undefined) return null;
  if (reviews.some((review) => review.userId === auth.user.id)) {
    return <p className={note}>You have already reviewed this brand</p>;
  }
  return <ReviewForm brandId={brandId} user={auth.user} />;
}
