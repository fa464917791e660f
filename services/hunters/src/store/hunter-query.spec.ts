import { hunterListQuerySchema } from '@hunted/contracts';
import { fieldErrorsOfIssues } from '@hunted/platform';
import { describe, expect, it } from 'vitest';
import { hunterListQueryOf } from './hunter-query.js';

/** The query as the route reads it: the contracts' schema, then the service's defaults. */
const parseHunterListQuery = (query: Record<string, unknown>) => hunterListQueryOf(hunterListQuerySchema.parse(query));

function errorsOf(query: Record<string, unknown>): Record<string, string> {
  const result = hunterListQuerySchema.safeParse(query);
  if (result.success) throw new Error('expected a 400');
  return fieldErrorsOfIssues(result.error.issues);
}

describe('the hunter list query', () => {
  it('answers no filter, the top picks and the first page of 24 for an empty query, all or blanks', () => {
    const none = { filters: {}, sort: 'rating', paging: { limit: 24, offset: 0 } };
    expect(parseHunterListQuery({})).toEqual(none);
    expect(parseHunterListQuery({ price: 'all', location: 'ALL', specialty: ' ', service: '', search: ' ', sort: 'all' })).toEqual(none);
  });

  it('keeps each filter from its list, the search as prefixes, the sort and the page', () => {
    expect(
      parseHunterListQuery({
        price: '100+',
        location: 'Italy',
        specialty: 'Fine Jewelry',
        service: 'Hotel Planning',
        search: 'Sofia jew',
        sort: 'price-high',
        limit: '24',
        offset: '48',
        unknown: 'ignored',
      }),
    ).toEqual({
      filters: { price: '100+', location: 'Italy', specialty: 'Fine Jewelry', service: 'Hotel Planning', search: "'sofia':* & 'jew':*" },
      sort: 'price-high',
      paging: { limit: 24, offset: 48 },
    });
    expect(parseHunterListQuery({ offset: '24' }).paging).toEqual({ limit: 24, offset: 24 });
    expect(parseHunterListQuery({ limit: '5' }).paging).toEqual({ limit: 5, offset: 0 });
  });

  it("keeps the brands hunters know (issue 25): a brand's id and a value tag", () => {
    expect(parseHunterListQuery({ brand: '42', valueTag: 'Handmade' }).filters).toEqual({ brand: 42, valueTag: 'Handmade' });
    expect(parseHunterListQuery({ brand: ' ', valueTag: 'all' }).filters).toEqual({});
    expect(errorsOf({ brand: 'abc', valueTag: 'Cheap' })).toEqual({
      brand: 'brand must be a whole number from 1 to 2147483647',
      valueTag: expect.stringMatching(/^valueTag must be one of: Sustainable Packaging, /) as unknown as string,
    });
    expect(errorsOf({ brand: '0' }).brand).toBe('brand must be a whole number from 1 to 2147483647');
  });

  it('refuses a value outside its list, naming the parameter', () => {
    expect(errorsOf({ price: '10-20' }).price).toBe('price must be one of: 20-40, 40-60, 60-100, 100+');
    expect(errorsOf({ location: 'Narnia' }).location).toMatch(/^location must be one of: UK, France/);
    expect(errorsOf({ specialty: 'Hats' }).specialty).toMatch(/^specialty must be one of: Luxury Fashion/);
    expect(errorsOf({ service: 'Dog Walking' }).service).toMatch(/^service must be one of: Personal Shopping/);
    expect(errorsOf({ sort: 'newest' }).sort).toBe('sort must be one of: rating, price-low, price-high, experience, sessions');
    expect(errorsOf({ limit: '0', offset: '-1' })).toEqual({
      limit: 'limit must be a whole number from 1 to 100',
      offset: 'offset must be a whole number from 0 to 10000',
    });
    expect(errorsOf({ location: ['UK', 'Italy'] }).location).toBe('location may be given only once');
    expect(errorsOf({ search: 'x'.repeat(201) }).search).toBe('search must be at most 200 characters');
  });
});
