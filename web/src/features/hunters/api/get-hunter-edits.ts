import type { PublishedHunterEdit } from '@hunted/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getPage, nextOffset, toQueryString, type Page } from '@/lib/api-client';
import { HUNTER_PAGE_EDITS_PAGE_SIZE } from '../lib/hunter-edits';
import { hunterKeys } from './query-keys';

/** One page of a hunter's published edits (their public page), newest first, with the total. */
export function getHunterEdits(hunterId: number, offset: number): Promise<Page<PublishedHunterEdit>> {
  return getPage<PublishedHunterEdit>(
    `/api/hunters/${hunterId}/edits${toQueryString({ limit: HUNTER_PAGE_EDITS_PAGE_SIZE, offset })}`,
  );
}

export const hunterEditsQueryOptions = (hunterId: number) =>
  infiniteQueryOptions({
    queryKey: hunterKeys.hunterEdits(hunterId),
    queryFn: ({ pageParam }) => getHunterEdits(hunterId, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset<PublishedHunterEdit>,
  });

export function useHunterEdits(hunterId: number) {
  return useInfiniteQuery(hunterEditsQueryOptions(hunterId));
}
