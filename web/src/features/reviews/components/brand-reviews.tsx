import type { Brand } from '@hunted/contracts';
import { Images, LogIn } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { mayReport } from '@/components/report/may-report';
import { ReportButton } from '@/components/report/report-button';
import { Button } from '@/components/ui/button';
import { BRAND_PAGE_ANCHORS } from '@/config/directory';
import { goToLogin, useAuth, type AuthState } from '@/lib/auth';
import { useBrandPhotoAt, useBrandPhotoCount } from '../api/get-brand-photos';
import { useMyReview } from '../api/get-my-review';
import { useReviews } from '../api/get-reviews';
import { photosOfReview, type BrandPhoto } from '../lib/review-photos';
import { CommentsPanel } from './comments-panel';
import { ShowMoreButton } from '@/components/ui/show-more-button';
import { PhotoGallery } from './photo-gallery';
import { PhotoLightbox } from './photo-lightbox';
import { ReviewCard } from './review-card';
import { lazyNamed } from '@/lib/lazy-named';

/** What the lightbox shows: the brand's whole sequence of pictures, or one review's own photos. */
type Viewer = { source: 'brand'; index: number } | { source: 'review'; photos: BrandPhoto[]; index: number };

/**
 * The brand page's reviews (a page at a time, form, 'View All Photos' gallery and lightbox) and its comments. The detail
 * page wraps it in the `#reviews` anchor the rating summary scrolls to. `onReviewSettled` refetches what a new review
 * changes outside this feature (the brand's rating and review count).
 */
export function BrandReviews({
  brand,
  onReviewSettled,
}: {
  brand: Pick<Brand, 'id' | 'name' | 'imageUrl'>;
  onReviewSettled?: () => Promise<unknown>;
}) {
  const auth = useAuth();
  const reviews = useReviews(brand.id);
  const list = useMemo(() => reviews.data?.pages.flatMap((page) => page.items) ?? [], [reviews.data]);
  // The server's count of all the reviews, not just the pages loaded so far.
  const total = reviews.data?.pages.at(-1)?.total;
  const photoCount = useBrandPhotoCount(brand);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const brandPhoto = useBrandPhotoAt(brand, viewer?.source === 'brand' ? viewer.index : null);
  const lightbox =
    viewer?.source === 'review'
      ? { count: viewer.photos.length, photo: viewer.photos[viewer.index], missing: false }
      : { count: brandPhoto.count, photo: brandPhoto.photo, missing: brandPhoto.status === 'missing' };

  return (
    <div className="space-y-10">
      <section aria-labelledby="reviews-heading" className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reviews-heading" className="text-xl font-bold tracking-tight text-stone-900">
            Reviews{total === undefined ? '' : ` (${total})`}
          </h2>
          <Button variant="outline" size="sm" onClick={() => setGalleryOpen(true)}>
            <Images className="h-4 w-4" aria-hidden /> View All Photos ({photoCount})
          </Button>
        </div>

        <div id={BRAND_PAGE_ANCHORS.writeReview} className="scroll-mt-24">
          <ReviewFormSlot brandId={brand.id} auth={auth} onReviewSettled={onReviewSettled} />
        </div>

        {reviews.isPending ? (
          <p className="py-6 text-center text-sm text-stone-500">Loading reviews...</p>
        ) : reviews.isError ? (
          <p className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
            Failed to fetch reviews
          </p>
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
                onOpenPhoto={(index) => setViewer({ source: 'review', photos: photosOfReview(review), index })}
                actions={
                  mayReport(auth, review.userId) ? (
                    <ReportButton kind="brand-review" itemId={review.id} subject={`review by ${review.userName}`} />
                  ) : null
                }
              />
            ))}
            <ShowMoreButton list={reviews}>Show more reviews</ShowMoreButton>
          </div>
        )}
      </section>

      <CommentsPanel brandId={brand.id} />

      <PhotoGallery
        brand={brand}
        count={photoCount}
        open={galleryOpen}
        onOpenChange={setGalleryOpen}
        onOpenPhoto={(index) => setViewer({ source: 'brand', index })}
      />
      <PhotoLightbox
        index={viewer?.index ?? null}
        {...lightbox}
        onIndexChange={(index) => setViewer((current) => (current && index !== null ? { ...current, index } : null))}
      />
    </div>
  );
}

/** The review form's code, loaded only for a member who may write one (guests and reviewers never need it). */
const ReviewForm = lazyNamed(() => import('./review-form'), 'ReviewForm');

/** The form for a member who has not reviewed this brand; otherwise a line saying why there is none. */
function ReviewFormSlot({
  brandId,
  auth,
  onReviewSettled,
}: {
  brandId: number;
  auth: AuthState;
  onReviewSettled?: () => Promise<unknown>;
}) {
  const myReview = useMyReview(brandId, auth.status === 'authenticated');
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
  // Until the member's own review is known we cannot tell whether they have already written one; if it cannot
  // be read the form is offered, and the server refuses a second review with its reason.
  if (myReview.isPending) return null;
  if (myReview.data) return <p className={note}>You have already reviewed this brand</p>;
  return (
    <Suspense fallback={null}>
      <ReviewForm brandId={brandId} user={auth.user} onSettled={onReviewSettled} />
    </Suspense>
  );
}
