import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Page } from './api-client';
import { useLoadMore } from './use-load-more';

/**
 * A paged listing read as one list: the items of every page loaded so far, the total the server counted (from the
 * first page), and infinite paging, the next page asked for as the end of the grid comes into view (`sentinel`)
 * or its 'Show more' button is pressed (`showMore`), never twice at once.
 */
export function useInfiniteListing<T>(results: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>) {
  const items = useMemo<T[]>(() => results.data?.pages.flatMap((page) => page.items) ?? [], [results.data]);
  const total = results.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  const showMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinel = useLoadMore(hasNextPage, showMore, items.length);
  return { items, total, showMore, sentinel };
}
