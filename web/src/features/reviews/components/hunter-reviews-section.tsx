import { halfStars, type Hunter } from '@hunted/contracts';
import { MessageSquareQuote } from 'lucide-react';
import { ReportButton } from '@/components/report/report-button';
import { ShowMoreButton } from '@/components/ui/show-more-button';
import { Spinner } from '@/components/ui/spinner';
import { StarRating } from '@/components/ui/star-rating';
import { useAuth } from '@/lib/auth';
import { ratingLabel } from '@/lib/rating';
import { useHunterReviews, useMyHunterReviews } from '../api/client-hunter-reviews';
import { EarlierHunterReviews } from './earlier-hunter-reviews';
import { HunterReviewCard } from './hunter-review-card';

/** A hunter's reviews on their public page: newest first with the hunter's replies, a page at a time. */
export function HunterReviewsSection({ hunter }: { hunter: Pick<Hunter, 'id' | 'name'> }) {
  const reviews = useHunterReviews(hunter.id);
  const pages = reviews.data?.pages ?? [];
  const loaded = pages.flatMap((page) => page.reviews);
  const last = pages.at(-1);
  const total = last?.total ?? 0;
  const rating = last?.rating ?? null;
  // The first page carries the earlier reviews that do not count (decision 0090), shown apart under the others.
  const earlier = pages[0]?.earlier ?? [];
  // 'Report' is for everyone but the review's author and the reviewed hunter (the API refuses the author; the hunter
  // answers with a reply); a guest who clicks it is asked to sign in. Who a member is comes from their own reviews,
  // written and received, so the button waits for them.
  const auth = useAuth();
  const signedIn = auth.status === 'authenticated';
  const mine = useMyHunterReviews(signedIn);
  const mayReport = (reviewId: number) =>
    auth.status === 'unauthenticated' ||
    (signedIn &&
      mine.isSuccess &&
      !mine.data.written.some((review) => review.id === reviewId) &&
      !mine.data.received.some((review) => review.hunterId === hunter.id));
  const reportOf = (review: { id: number; reviewerName: string }) =>
    mayReport(review.id) ? (
      <ReportButton kind="hunter-review" itemId={review.id} subject={`review by ${review.reviewerName}`} />
    ) : null;

  return (
    <section aria-labelledby="hunter-reviews" className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="hunter-reviews" className="text-xl font-bold text-stone-900">
          Reviews{total > 0 ? <span className="ml-1.5 text-base font-semibold text-stone-500">({total})</span> : null}
        </h2>
        {rating !== null ? (
          <p className="inline-flex items-center gap-2 text-sm">
            <StarRating rating={halfStars(rating)} />
            <span className="font-semibold text-stone-900">{ratingLabel(rating)}</span>
          </p>
        ) : null}
      </div>
      <div className="mt-4">
        {reviews.isPending ? (
          <Spinner label="Loading reviews..." />
        ) : reviews.isError && loaded.length === 0 ? (
          <p className="text-sm text-stone-600">The reviews could not be loaded. Please try again later.</p>
        ) : loaded.length === 0 && earlier.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl bg-stone-50 px-4 py-8 text-center">
            <MessageSquareQuote className="h-7 w-7 text-stone-300" aria-hidden />
            <p className="mt-2 text-sm font-semibold text-stone-800">No reviews yet</p>
            <p className="mt-1 text-sm text-stone-500">Reviews appear here after {hunter.name}&apos;s first sessions.</p>
          </div>
        ) : (
          <div className="space-y-4">
            {loaded.length === 0 ? <p className="text-sm text-stone-600">No reviews count towards the rating yet.</p> : null}
            <ul className="space-y-3" aria-label={`Reviews of ${hunter.name}`}>
              {loaded.map((review) => (
                <li key={review.id}>
                  <HunterReviewCard
                    review={review}
                    hunterName={hunter.name}
                    actions={reportOf(review)}
                  />
                </li>
              ))}
            </ul>
            <ShowMoreButton list={reviews}>
              {reviews.isFetchingNextPage ? 'Loading reviews...' : 'Show more reviews'}
            </ShowMoreButton>
            {earlier.length > 0 ? (
              <EarlierHunterReviews
                reviews={earlier}
                hunterName={hunter.name}
                actions={reportOf}
              />
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}
