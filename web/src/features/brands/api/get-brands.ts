import type { Brand } from '@hunted/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { BRANDS_PAGE_SIZE } from '@/config/directory';
import { getPage, nextOffset, toQueryString, type Page } from '@/lib/api-client';
import { brandKeys } from './query-keys';

/** The server-side filters of GET /api/brands; an absent key is no filter. */
export interface BrandQuery {
  category?: string;
  location?: string;
  delivery?: string;
  minRating?: string;
  priceCategory?: string;
  tag?: string;
  hashtag?: string;
  search?: string;
}

/** One page of the filtered directory, in the server's order, with the total the server counted. */
export function getBrands(query: BrandQuery, offset: number): Promise<Page<Brand>> {
  return getPage<Brand>(`/api/brands${toQueryString({ ...query, limit: BRANDS_PAGE_SIZE, offset })}`);
}

export const brandsQueryOptions = (query: BrandQuery) =>
  infiniteQueryOptions({
    queryKey: brandKeys.list(query),
    queryFn: ({ pageParam }) => getBrands(query, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset<Brand>,
  });

export function useBrands(query: BrandQuery) {
  // Keep showing the previous results while a new filter loads, so the grid does not flash empty.
  return useInfiniteQuery({ ...brandsQueryOptions(query), placeholderData: keepPreviousData });
}
