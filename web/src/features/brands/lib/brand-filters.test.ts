import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  moreLabel,
  resultCountLabel,
  toBrandQuery,
} from './brand-filters';

describe('filters and the address', () => {
  it('defaults every filter to all, rating to any', () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toMatchObject({ category: 'all', rating: 'any', hashtag: 'all', tag: 'all' });
  });

  it('reads category, tag and hashtag (and the rest) from the query string', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'category=Food+%26+Beverages&tag=LGBTQ%2B+Friendly&hashtag=%23slowfashion&rating=3.5&location=Spain',
      ),
    );
    expect(filters).toMatchObject({
      category: 'Food & Beverages',
      tag: 'LGBTQ+ Friendly',
      hashtag: '#slowfashion',
      rating: '3.5',
      location: 'Spain',
      delivery: 'all',
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const filters = { ...DEFAULT_FILTERS, category: 'Shoes', hashtag: '#vegan', search: ' linen ' };
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe('category=Shoes&hashtag=%23vegan&search=linen');
    expect(filtersFromSearch(search)).toEqual({ ...filters, search: 'linen' });
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('asks the server only for real filters, rating as minRating', () => {
    expect(toBrandQuery(DEFAULT_FILTERS)).toEqual({});
    expect(toBrandQuery({ ...DEFAULT_FILTERS, rating: '4.5', priceCategory: '£££', search: '  ' })).toEqual({
      minRating: '4.5',
      priceCategory: '£££',
    });
  });
});

describe('labels', () => {
  it('counts results and what did not fit', () => {
    expect(resultCountLabel(0)).toBe('0 brand(s) found');
    expect(resultCountLabel(1)).toBe('1 brand(s) found');
    expect(resultCountLabel(42)).toBe('42 brand(s) found');
    expect(moreLabel(5, 3)).toBe('+2 more');
    expect(moreLabel(3, 3)).toBeNull();
  });
});
