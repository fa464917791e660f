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
