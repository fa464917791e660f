import type { HunterRatingChangedV1 } from '@hunted/contracts';
import type { RatingTotals } from './hunter-reviews.repository.js';

/** A hunter's rating from their visible reviews: the mean to two decimals, null with none. */
export function ratingOf({ reviewCount, ratingSum }: RatingTotals): number | null {
  return reviewCount === 0 ? null : Math.round((ratingSum * 100) / reviewCount) / 100;
}

/** The `reviews.hunter-rating.changed` payload for the hunter's totals. */
export function ratingChanged(hunterId: number, totals: RatingTotals): HunterRatingChangedV1 {
  return { hunterId, rating: ratingOf(totals), reviewCount: totals.reviewCount, ratingSum: totals.ratingSum };
}
