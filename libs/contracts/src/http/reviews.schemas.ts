import { z } from 'zod';
import { checkedBy, trimmed } from './input-rules.js';
import { listWholeNumber } from './list-filters.js';
import {
  COMMENT_MAX_LENGTH,
  HUNTER_REVIEW_LIMITS,
  HUNTER_REVIEW_MESSAGES,
  HUNTER_REVIEWS_PAGE_MAX,
  RATINGS_REQUIRED,
  REVIEW_LIMITS,
} from './reviews.js';

/**
 * The reviews API's request schemas (read by reviews' SchemaPipe, checked first by its forms). Apart from `reviews.ts` so
 * that a page which only needs the types and limits brings no zod into its bundle (the package is side-effect free).
 */

/** One category rating: a whole number of stars, 1 to 5; missing asks for every rating. */
function stars(label: string) {
  return checkedBy<number>(
    [
      [(value) => value !== undefined && value !== null, RATINGS_REQUIRED],
      [
        (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5,
        `${label} rating must be a whole number from 1 to 5`,
      ],
    ],
    { required: true },
  ) as z.ZodType<number>;
}

const reviewTextTooLong = `Review text must be at most ${REVIEW_LIMITS.text} characters`;

/**
 * Body of `POST /api/brands/{id}/reviews` (the review form). Photos are checked here for shape; their bytes (type
 * and size) when decoded. brandId, userId and rating are let through and ignored.
 */
export const reviewInputSchema = z.strictObject({
  speedRating: stars('Speed'),
  easeRating: stars('Ease'),
  qualityRating: stars('Quality'),
  sustainabilityRating: stars('Sustainability'),
  reviewText: z.string({ error: reviewTextTooLong }).max(REVIEW_LIMITS.text, { error: reviewTextTooLong }).nullish(),
  photos: checkedBy<string[]>([
    [
      (value) => (Array.isArray(value) ? value : [value]).every((photo) => typeof photo === 'string'),
      'Only image files can be uploaded',
    ],
    [
      (value) => Array.isArray(value) && value.length <= REVIEW_LIMITS.photos,
      `You can add up to ${REVIEW_LIMITS.photos} photos`,
    ],
  ]),
  brandId: z.unknown().optional(),
  userId: z.unknown().optional(),
  rating: z.unknown().optional(),
});
export type ReviewInputFields = z.output<typeof reviewInputSchema>;

export const COMMENT_EMPTY = 'Comment cannot be empty';
export const COMMENT_TOO_LONG = `Comment must be at most ${COMMENT_MAX_LENGTH} characters`;

/** Body of `POST /api/brands/{id}/comments` (the comment box): the content is trimmed before its length is judged. */
export const commentInputSchema = z.strictObject({
  content: z.preprocess(
    trimmed,
    z
      .string({ error: COMMENT_EMPTY })
      .min(1, { error: COMMENT_EMPTY })
      .max(COMMENT_MAX_LENGTH, { error: COMMENT_TOO_LONG }),
  ),
});

// ---------------------------------------------------------------------------------------------------------------
// Reviews of hunters.
// ---------------------------------------------------------------------------------------------------------------

/** Text trimmed, then between `min` and `max` characters, else `message`. */
function textBetween(min: number, max: number, message: string, tooLong = message) {
  return z.preprocess(
    trimmed,
    z.string({ error: message }).min(min, { error: message }).max(max, { error: tooLong }),
  );
}

/** Body of `POST /api/hunter-reviews`: the session reviewed, 1–5 whole stars and 10–2,000 characters (trimmed). */
export const hunterReviewInputSchema = z.strictObject({
  bookingId: z.preprocess(
    trimmed,
    z
      .string({ error: HUNTER_REVIEW_MESSAGES.unknownBooking })
      .min(1, { error: HUNTER_REVIEW_MESSAGES.unknownBooking })
      .max(100, { error: HUNTER_REVIEW_MESSAGES.unknownBooking }),
  ),
  rating: checkedBy<number>(
    [[(value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5, HUNTER_REVIEW_MESSAGES.rating]],
    { required: true },
  ) as z.ZodType<number>,
  text: textBetween(HUNTER_REVIEW_LIMITS.minText, HUNTER_REVIEW_LIMITS.maxText, HUNTER_REVIEW_MESSAGES.text),
});
export type HunterReviewInputFields = z.output<typeof hunterReviewInputSchema>;

/** Body of `POST /api/hunter-reviews/{id}/reply`: 1–2,000 characters (trimmed). */
export const hunterReviewReplySchema = z.strictObject({
  text: textBetween(1, HUNTER_REVIEW_LIMITS.replyMax, HUNTER_REVIEW_MESSAGES.reply),
});

/** The deepest offset the hunter-review lists serve (the platform's MAX_PAGE_OFFSET). */
const HUNTER_REVIEWS_MAX_OFFSET = 10_000;

/** `GET /api/hunters/{id}/reviews?limit=&offset=`: absent means the service's default (10 a page, from 0). */
export const hunterReviewsPageQuerySchema = z.object({
  limit: listWholeNumber('limit', 1, HUNTER_REVIEWS_PAGE_MAX),
  offset: listWholeNumber('offset', 0, HUNTER_REVIEWS_MAX_OFFSET),
});
export type HunterReviewsPageQuery = z.output<typeof hunterReviewsPageQuerySchema>;
