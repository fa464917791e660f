import { describe, expect, it } from 'vitest';
import { ratingChanged, ratingOf } from './hunter-rating.js';

describe('ratingOf', () => {
  it('is the mean of the visible stars to two decimals', () => {
    expect(ratingOf({ reviewCount: 3, ratingSum: 13 })).toBe(4.33);
    expect(ratingOf({ reviewCount: 3, ratingSum: 14 })).toBe(4.67);
    expect(ratingOf({ reviewCount: 1, ratingSum: 5 })).toBe(5);
  });

  it('is null without reviews', () => {
    expect(ratingOf({ reviewCount: 0, ratingSum: 0 })).toBeNull();
    expect(ratingChanged(7, { reviewCount: 0, ratingSum: 0 })).toEqual({ hunterId: 7, rating: null, reviewCount: 0, ratingSum: 0 });
  });
});
