import { z } from 'zod';
import { checkedBy, trimmed } from './input-rules.js';
import { COMMENT_MAX_LENGTH, RATINGS_REQUIRED, REVIEW_LIMITS } from './reviews.js';

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
