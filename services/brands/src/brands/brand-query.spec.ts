import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { parseBrandListQuery, parseTodayQuery, parseTopLimit, searchQueryOf } from './brand-query.js';

function errorsOf(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return ((error as BadRequestException).getResponse() as { errors: Record<string, string> }).errors;
  }
  throw new Error('expected a 400');
}

describe('brand list queries', () => {
  it('reads every filter, treating blank, "all" and "any" as no filter', () => {
    expect(
      parseBrandListQuery({
        category: 'Food & Beverages',
        location: 'all',
        delivery: '',
        minRating: '3.5',
        priceCategory: '££',
        tag: 'LGBTQ+ Friendly',
        hashtag: 'SlowFashion',
        search: '  Loom & thread ',
        unknown: 'ignored',
      }),
    ).toEqual({
      filters: {
        category: 'Food & Beverages',
        minRating: 3.5,
        priceCategory: '££',
        tag: 'LGBTQ+ Friendly',
        hashtag: '#SlowFashion',
        search: "'loom':* & 'thread':*",
      },
      paging: null,
    });
    expect(parseBrandListQuery({ minRating: 'any' }).filters).toEqual({});
  });

  it('pages only when asked, with a default page size', () => {
    expect(parseBrandListQuery({ limit: '24', offset: '48' }).paging).toEqual({ limit: 24, offset: 48 });
    expect(parseBrandListQuery({ offset: '10' }).paging).toEqual({ limit: 24, offset: 10 });
    expect(parseTodayQuery({ limit: '5', category: 'Shoes', tag: 'ignored here' })).toEqual({
      filters: { category: 'Shoes' },
      paging: { limit: 5, offset: 0 },
    });
  });

  it('names every bad parameter', () => {
    expect(Object.keys(errorsOf(() => parseBrandListQuery({ category: 'Cars', limit: '0', minRating: '-1', search: 'x'.repeat(201) })))).toEqual([
      'category',
      'minRating',
      'search',
      'limit',
    ]);
    expect(errorsOf(() => parseBrandListQuery({ location: ['UK', 'France'] }))).toEqual({ location: 'location may be given only once' });
    expect(errorsOf(() => parseTopLimit({ limit: '51' }))).toEqual({ limit: 'limit must be a whole number from 1 to 50' });
    expect(parseTopLimit({})).toBe(3);
    expect(errorsOf(() => parseBrandListQuery({ limit: '101', offset: '10001' }))).toEqual({
      limit: 'limit must be a whole number from 1 to 100',
      offset: 'offset must be a whole number from 0 to 10000',
    });
    expect(errorsOf(() => parseTodayQuery({ offset: '10001' }))).toEqual({
      offset: 'offset must be a whole number from 0 to 10000',
    });
    expect(parseBrandListQuery({ limit: '100', offset: '10000' }).paging).toEqual({ limit: 100, offset: 10000 });
  });

  it('turns a search box into a prefix query of its words, or nothing', () => {
    expect(searchQueryOf('loo')).toBe("'loo':*");
    expect(searchQueryOf("O'Neill & Söhne!")).toBe("'o':* & 'neill':* & 'söhne':*");
    expect(searchQueryOf("'&|!:*()")).toBeUndefined();
  });
});
