/** A hunter's average with one decimal, or 'New' while they have no reviews (never a made-up 5.0). */
export function ratingLabel(rating: number | null | undefined): string {
  return typeof rating === 'number' && Number.isFinite(rating) ? rating.toFixed(1) : 'New';
}

/** Whether there is a real average to draw stars for. */
export function hasRating(rating: number | null | undefined): rating is number {
  return typeof rating === 'number' && Number.isFinite(rating);
}
