import type { Hunter, HunterListQuery } from '@hunted/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { HUNTERS_PAGE_SIZE } from '@/config/directory';
import { getPage, nextOffset, toQueryString, type Page } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** The filters of GET /api/hunters without the paging; an absent key is no filter. */
export type HunterQuery = Omit<HunterListQuery, 'limit' | 'offset'>;

/** One page of the filtered listing, with the total the server counted. */
export function getHunters(query: HunterQuery, offset: number): Promise<Page<Hunter>> {
  return getPage<Hunter>(`/api/hunters${toQueryString({ ...query, limit: HUNTERS_PAGE_SIZE, offset })}`);
}

export const huntersQueryOptions = (query: HunterQuery) =>
  infiniteQueryOptions({
    queryKey: hunterKeys.list(query),
    queryFn: ({ pageParam }) => getHunters(query, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset<Hunter>,
  });

export function useHunters(query: HunterQuery) {
  // Keep showing the previous results while a new filter loads, so the grid does not flash empty.
  return useInfiniteQuery({ ...huntersQueryOptions(query), placeholderData: keepPreviousData });
}
