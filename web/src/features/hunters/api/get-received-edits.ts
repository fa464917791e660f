import type { HunterEdit } from '@hunted/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getPage, nextOffset, toQueryString, type Page } from '@/lib/api-client';
import { EDITS_PAGE_SIZE } from '../lib/hunter-edits';
import { hunterKeys } from './query-keys';

/** One page of the edits the signed-in client received, newest first, with the total. */
export function getReceivedEdits(offset: number): Promise<Page<HunterEdit>> {
  return getPage<HunterEdit>(`/api/hunter-edits/received${toQueryString({ limit: EDITS_PAGE_SIZE, offset })}`);
}

export const receivedEditsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: hunterKeys.receivedEdits(),
    queryFn: ({ pageParam }) => getReceivedEdits(pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset<HunterEdit>,
  });

export function useReceivedEdits() {
  return useInfiniteQuery(receivedEditsQueryOptions());
}
