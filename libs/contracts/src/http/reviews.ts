/**
 * HTTP shapes of the reviews service (owner of reviews, review photos and comments under /api/brands/{id} and of
 * /api/media/review-photos), shared with the web app. Rules are the spec's (brands-directory.md, sections 5 and 9).
 */

/** Review rules (spec sections 5 and 9). */
export const REVIEW_LIMITS = {
  /** Longest review text, in characters. */
  text: 2000,
  photos: 3,
  /** Each photo must be smaller than this many bytes (10 MB). */
  photoBytes: 10_485_760,
} as const;

export const COMMENT_MAX_LENGTH = 500;

/** The four category ratings, each a whole number 1–5. */
export interface CategoryRatings {
  speedRating: number;
  easeRating: number;
  qualityRating: number;
  sustainabilityRating: number;
}

/**
 * Body of `POST /api/brands/{id}/reviews`. `photos` are `data:image/...;base64,` strings (up to 3). The spec's SPA
 * also sends brandId, userId and rating: they are accepted and ignored (the brand is the path's, the user the
 * signed-in one, the overall rating the server's rounded mean).
 */
export interface ReviewInput extends CategoryRatings {
  reviewText?: string | null;
  photos?: string[];
  brandId?: number | string;
  userId?: string;
  rating?: number;
}

export const RATINGS_REQUIRED = 'Please rate all categories to submit your review';

/** A review as `GET /api/brands/{id}/reviews` lists it (newest first); photos are URLs, never inline data. */
export interface Review extends CategoryRatings {
  id: number;
  brandId: number;
  userId: string;
  /** The reviewer's name now ('Anonymous' when they have none). */
  userName: string;
  /** The rounded mean of the four category ratings. */
  rating: number;
  reviewText: string | null;
  photos: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * One review photo as `GET /api/brands/{id}/photos` lists them (newest review first, then the review's order),
 * a page at a time with `limit`/`offset` and the total in `x-total-count`.
 */
export interface ReviewPhoto {
  /** `/api/media/review-photos/{photoId}`. */
  url: string;
  /** The reviewer's name now ('Anonymous' when they have none), shown as 'Photo by {credit}'. */
  credit: string;
  reviewId: number;
  /** Its place among the review's photos: 0, 1 or 2. */
  position: number;
}

/** Body of `POST /api/brands/{id}/comments`. */
export interface CommentInput {
  content: string;
}

/** A comment as `GET /api/brands/{id}/comments` lists it (newest first). Content is plain text. */
export interface Comment {
  id: number;
  brandId: number;
  userId: string;
  content: string;
  /** 'Anonymous' when the user has no name. */
  userName: string;
  userProfileImage: string | null;
  createdAt: string;
}
