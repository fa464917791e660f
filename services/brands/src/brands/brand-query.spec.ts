import { BadRequestException } from '@nestjs/common';
import { BRAND_LIST_PAGING, brandListQuerySchema, todayListQuerySchema, topBrandsQuerySchema } from '@hunted/contracts';
import { MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, SchemaPipe } from '@hunted/platform';
import { describe, expect, it } from 'vitest';
import { brandListQueryOf, searchQueryOf, todayListQueryOf } from './brand-query.js';

/** The queries as the controllers read them: through SchemaPipe, then into the service's shape. */
const parseBrandListQuery = (query: Record<string, unknown>) =>
  brandListQueryOf(new SchemaPipe(brandListQuerySchema).transform(query));
const parseTodayQuery = (query: Record<string, unknown>) =>
  todayListQueryOf(new SchemaPipe(todayListQuerySchema).transform(query));
const parseTopLimit = (query: Record<string, unknown>) => new SchemaPipe(topBrandsQuerySchema).transform(query).limit;

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
    expect(parseBrandListQuery({ category: ' ALL ', search: 'Any', limit: 'all', hashtag: ' ' })).toEqual({
      filters: {},
      paging: null,
    });
    expect(parseBrandListQuery({ hashtag: ' ##slow_fashion ', minRating: '0' }).filters).toEqual({
      hashtag: '#slow_fashion',
      minRating: 0,
    });
    expect(parseBrandListQuery({ search: "'&|!:*()" }).filters).toEqual({});
  });

  it('pages only when asked, with a default page size', () => {
    expect(parseBrandListQuery({ limit: '24', offset: '48' }).paging).toEqual({ limit: 24, offset: 48 });
    expect(parseBrandListQuery({ offset: '10' }).paging).toEqual({ limit: 24, offset: 10 });
    expect(parseTodayQuery({ limit: '5', category: 'Shoes', tag: 'ignored here' })).toEqual({
      filters: { category: 'Shoes' },
      paging: { limit: 5, offset: 0 },
    });
    expect(parseTodayQuery({})).toEqual({ filters: {}, paging: null });
  });

  it('names every bad parameter', () => {
    expect(
      Object.keys(
        errorsOf(() => parseBrandListQuery({ category: 'Cars', limit: '0', minRating: '-1', search: 'x'.repeat(201) })),
      ),
    ).toEqual(['category', 'minRating', 'search', 'limit']);
    expect(errorsOf(() => parseBrandListQuery({ location: ['UK', 'France'] }))).toEqual({
      location: 'location may be given only once',
    });
    expect(errorsOf(() => parseBrandListQuery({ minRating: '6', hashtag: 'slow-fashion' }))).toEqual({
      minRating: 'minRating must be a number from 0 to 5',
      hashtag: 'hashtag may contain only letters, numbers and underscores',
    });
    expect(errorsOf(() => parseBrandListQuery({ search: 'x'.repeat(201) }))).toEqual({
      search: 'search must be at most 200 characters',
    });
    expect(parseBrandListQuery({ search: ` ${'x'.repeat(200)} ` }).filters).toEqual({
      search: `'${'x'.repeat(200)}':*`,
    });
    expect(errorsOf(() => parseTopLimit({ limit: '51' }))).toEqual({
      limit: 'limit must be a whole number from 1 to 50',
    });
    expect(errorsOf(() => parseTopLimit({ limit: '2.5' }))).toEqual({
      limit: 'limit must be a whole number from 1 to 50',
    });
    expect(parseTopLimit({})).toBe(3);
    expect(parseTopLimit({ limit: 'any', other: 'x' })).toBe(3);
    expect(parseTopLimit({ limit: '50' })).toBe(50);
    expect(errorsOf(() => parseBrandListQuery({ limit: '101', offset: '10001' }))).toEqual({
      limit: 'limit must be a whole number from 1 to 100',
      offset: 'offset must be a whole number from 0 to 10000',
    });
    expect(errorsOf(() => parseTodayQuery({ offset: '10001' }))).toEqual({
      offset: 'offset must be a whole number from 0 to 10000',
    });
    expect(parseBrandListQuery({ limit: '100', offset: '10000' }).paging).toEqual({ limit: 100, offset: 10000 });
  });

  it("joins every problem into the 400's message", () => {
    try {
      parseBrandListQuery({ category: 'Cars', offset: '-1' });
    } catch (error) {
      expect((error as BadRequestException).getResponse()).toEqual({
        statusCode: 400,
        message:
          'category must be one of: Clothing, Dresses, Shoes, Bags, Accessories, Beauty, Home, Food & Beverages, Arts & Crafts, Jewellery, Preowned, Swimwear. offset must be a whole number from 0 to 10000',
        errors: {
          category:
            'category must be one of: Clothing, Dresses, Shoes, Bags, Accessories, Beauty, Home, Food & Beverages, Arts & Crafts, Jewellery, Preowned, Swimwear',
          offset: 'offset must be a whole number from 0 to 10000',
        },
      });
      return;
    }
    throw new Error('expected a 400');
  });

  it("pages within the platform's caps", () => {
    expect(BRAND_LIST_PAGING.maxLimit).toBe(MAX_PAGE_LIMIT);
    expect(BRAND_LIST_PAGING.maxOffset).toBe(MAX_PAGE_OFFSET);
  });

  it('turns a search box into a prefix query of its words, or nothing', () => {
    expect(searchQueryOf('loo')).toBe("'loo':*");
    expect(searchQueryOf("O'Neill & Söhne!")).toBe("'o':* & 'neill':* & 'söhne':*");
    expect(searchQueryOf("'&|!:*()")).toBeUndefined();
  });
});
