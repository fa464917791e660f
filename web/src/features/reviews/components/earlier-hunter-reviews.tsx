import type { PublicHunterReview } from '@hunted/contracts';
import type { ReactNode } from 'react';
import { HunterReviewCard } from './hunter-review-card';

/**
 * Reviews written before a review had to cost a real session (decision 0090) whose session was free and not
 * confirmed by the hunter: kept and shown, apart from the others, and left out of the rating and the count.
 */
export function EarlierHunterReviews({
  reviews,
  hunterName,
  actions,
}: {
  reviews: PublicHunterReview[];
  hunterName: string;
  actions?: (review: PublicHunterReview) => ReactNode;
}) {
  return (
    <section aria-labelledby="earlier-hunter-reviews" className="border-t border-stone-200 pt-4">
      <h3 id="earlier-hunter-reviews" className="text-base font-semibold text-stone-900">
        Earlier reviews, not counted in the rating
      </h3>
      <p className="mt-1 text-sm text-stone-500">
        Written before reviews needed a paid session or one {hunterName} confirmed took place.
      </p>
      <ul className="mt-3 space-y-3" aria-label={`Earlier reviews of ${hunterName}`}>
        {reviews.map((review) => (
          <li key={review.id}>
            <HunterReviewCard review={review} hunterName={hunterName} actions={actions?.(review)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
