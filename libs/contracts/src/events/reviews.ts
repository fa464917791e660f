/** Events the reviews service publishes (on `events:reviews`). */

/** A member reviewed a brand; `rating` is the review's overall rating (1–5). */
export interface ReviewCreatedV1 {
  reviewId: number;
  brandId: number;
  userId: string;
  rating: number;
}

export type ReviewUpdatedV1 = ReviewCreatedV1;

export interface ReviewDeletedV1 {
  reviewId: number;
  brandId: number;
}

/**
 * A hunter's rating changed (a review written, hidden or shown again): the average of their visible reviews (two
 * decimals; null with none), their count and sum. Hunters copies them into the profile ('Our top picks' ranks on them).
 */
export interface HunterRatingChangedV1 {
  hunterId: number;
  rating: number | null;
  reviewCount: number;
  ratingSum: number;
}
