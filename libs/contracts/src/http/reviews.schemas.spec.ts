import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { HUNTER_REVIEW_MESSAGES, RATINGS_REQUIRED } from './reviews.js';
import {
  COMMENT_EMPTY,
  COMMENT_TOO_LONG,
  commentInputSchema,
  hunterReviewsPageQuerySchema,
  hunterReviewInputSchema,
  hunterReviewReplySchema,
  reviewInputSchema,
} from './reviews.schemas.js';

/** Each bad field's first message, as the service's 400 names them. */
function errorsOf(schema: z.ZodType, body: object): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(body).error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('reviewInputSchema', () => {
  const valid = { speedRating: 5, easeRating: 4, qualityRating: 3, sustainabilityRating: 2 };
  const check = (body: object) => errorsOf(reviewInputSchema, body);

  it('accepts four whole ratings, and the fields the client sends that the server ignores', () => {
    expect(check(valid)).toEqual({});
    expect(check({ ...valid, brandId: '3', userId: 'someone', rating: 1, reviewText: null, photos: [] })).toEqual({});
  });

  it('asks for every missing rating', () => {
    expect(check({ speedRating: 5 })).toEqual({
      easeRating: RATINGS_REQUIRED,
      qualityRating: RATINGS_REQUIRED,
      sustainabilityRating: RATINGS_REQUIRED,
    });
  });

  it.each([0, 6, 3.5, '4'])('refuses %j as a rating', (value) => {
    expect(check({ ...valid, qualityRating: value })).toEqual({
      qualityRating: 'Quality rating must be a whole number from 1 to 5',
    });
  });

  it('limits the text and the number of photos', () => {
    expect(check({ ...valid, reviewText: 'x'.repeat(2001) })).toEqual({
      reviewText: 'Review text must be at most 2000 characters',
    });
    expect(check({ ...valid, reviewText: 'x'.repeat(2000) })).toEqual({});
    expect(check({ ...valid, photos: ['a', 'b', 'c', 'd'] })).toEqual({ photos: 'You can add up to 3 photos' });
    expect(check({ ...valid, photos: [42] })).toEqual({ photos: 'Only image files can be uploaded' });
  });
});

describe('commentInputSchema', () => {
  it('trims the content and accepts 1 to 500 characters', () => {
    expect(commentInputSchema.parse({ content: '  hello  ' })).toEqual({ content: 'hello' });
    expect(errorsOf(commentInputSchema, { content: ` ${'x'.repeat(500)} ` })).toEqual({});
  });

  it.each([{}, { content: '' }, { content: ' \n\t ' }, { content: null }, { content: 12 }])(
    'refuses %j as empty',
    (body) => {
      expect(errorsOf(commentInputSchema, body)).toEqual({ content: COMMENT_EMPTY });
    },
  );

  it('refuses more than 500 characters', () => {
    expect(errorsOf(commentInputSchema, { content: 'x'.repeat(501) })).toEqual({ content: COMMENT_TOO_LONG });
  });
});

describe('hunterReviewInputSchema', () => {
  const valid = { bookingId: 'b-1', rating: 4, text: 'A good session.' };
  const check = (body: object) => errorsOf(hunterReviewInputSchema, body);

  it('accepts a session, whole stars and 10 to 2,000 characters, trimming the text', () => {
    expect(check(valid)).toEqual({});
    expect(hunterReviewInputSchema.parse({ ...valid, text: '  A good session.  ' }).text).toBe('A good session.');
    expect(check({ ...valid, text: 'x'.repeat(2000) })).toEqual({});
  });

  it.each([0, 6, 4.5, '4', null])('refuses %j as a rating, naming the field', (rating) => {
    expect(check({ ...valid, rating })).toEqual({ rating: HUNTER_REVIEW_MESSAGES.rating });
  });

  it('refuses a text too short (after trimming), too long or missing', () => {
    for (const text of ['too short', '   nine chars   '.slice(0, 12), 'x'.repeat(2001), undefined]) {
      expect(check({ ...valid, text })).toEqual({ text: HUNTER_REVIEW_MESSAGES.text });
    }
  });

  it('refuses a missing session and an unknown field', () => {
    expect(check({ rating: 4, text: valid.text })).toEqual({ bookingId: HUNTER_REVIEW_MESSAGES.unknownBooking });
    expect(hunterReviewInputSchema.safeParse({ ...valid, hunterId: 3 }).success).toBe(false);
  });
});

describe('replies', () => {
  it('takes a reply of 1 to 2,000 characters', () => {
    expect(errorsOf(hunterReviewReplySchema, { text: 'Thank you!' })).toEqual({});
    expect(errorsOf(hunterReviewReplySchema, { text: '  ' })).toEqual({ text: HUNTER_REVIEW_MESSAGES.reply });
    expect(errorsOf(hunterReviewReplySchema, { text: 'x'.repeat(2001) })).toEqual({ text: HUNTER_REVIEW_MESSAGES.reply });
  });
});

describe('hunter review list queries', () => {
  it('pages a hunter\'s reviews up to 50 at a time', () => {
    expect(hunterReviewsPageQuerySchema.parse({})).toEqual({});
    expect(hunterReviewsPageQuerySchema.parse({ limit: '50', offset: '10' })).toEqual({ limit: 50, offset: 10 });
    expect(errorsOf(hunterReviewsPageQuerySchema, { limit: '51' })).toEqual({ limit: 'limit must be a whole number from 1 to 50' });
    expect(errorsOf(hunterReviewsPageQuerySchema, { offset: '-1' })).toEqual({
      offset: 'offset must be a whole number from 0 to 10000',
    });
  });
});
