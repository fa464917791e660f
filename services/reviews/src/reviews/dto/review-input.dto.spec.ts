import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { fieldErrorsOf } from '@hunted/platform';
import { describe, expect, it } from 'vitest';
import { RATINGS_REQUIRED, ReviewInputDto } from './review-input.dto.js';

const valid = { speedRating: 5, easeRating: 4, qualityRating: 3, sustainabilityRating: 2 };
const errorsOf = (body: object) =>
  fieldErrorsOf(validateSync(plainToInstance(ReviewInputDto, body), { whitelist: true, forbidNonWhitelisted: true }));

describe('ReviewInputDto', () => {
  it('accepts four whole ratings, and the fields the client sends that the server ignores', () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, brandId: '3', userId: 'someone', rating: 1, reviewText: null, photos: [] })).toEqual(
      {},
    );
  });

  it('asks for every missing rating', () => {
    expect(errorsOf({ speedRating: 5 })).toEqual({
      easeRating: RATINGS_REQUIRED,
      qualityRating: RATINGS_REQUIRED,
      sustainabilityRating: RATINGS_REQUIRED,
    });
  });

  it.each([0, 6, 3.5, '4'])('refuses %j as a rating', (value) => {
    expect(errorsOf({ ...valid, qualityRating: value })).toEqual({
      qualityRating: 'Quality rating must be a whole number from 1 to 5',
    });
  });

  it('limits the text and the number of photos', () => {
    expect(errorsOf({ ...valid, reviewText: 'x'.repeat(2001) })).toEqual({
      reviewText: 'Review text must be at most 2000 characters',
    });
    expect(errorsOf({ ...valid, reviewText: 'x'.repeat(2000) })).toEqual({});
    expect(errorsOf({ ...valid, photos: ['a', 'b', 'c', 'd'] })).toEqual({ photos: 'You can add up to 3 photos' });
    expect(errorsOf({ ...valid, photos: [42] })).toEqual({ photos: 'Only image files can be uploaded' });
  });
});
