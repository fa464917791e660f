import type { TodayBrand } from '@hunted/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TODAY_PAGE_SIZE } from '@/config/directory';
import { getPage, nextOffset, toQueryString, type Page } from '@/lib/api-client';
import { brandKeys } from './query-keys';

export interface TodayQuery {
  category?: string;
  location?: string;
  delivery?: string;
}

export function getTodayBrands(query: TodayQuery, offset: number): Promise<Page<TodayBrand>> {
  return getPage<TodayBrand>(`/api/brands/today${toQueryString({ ...query, limit: TODAY_PAGE_SIZE, offset })}`);
}

/** Today's ranking, a page at a time ("Load More Brands" asks for the next one). */
export const todayBrandsQueryOptions = (query: TodayQuery) =>
  infiniteQueryOptions({
    queryKey: brandKeys.today(query),
    queryFn: ({ pageParam }) => getTodayBrands(query, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset<TodayBrand>,
  });

export function useTodayBrands(query: TodayQuery) {
  return useInfiniteQuery(todayBrandsQueryOptions(query));
}
