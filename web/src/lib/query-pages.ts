import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Keeps only the first page of a paged list: after a new item every later offset has shifted, and refetching
 * all the loaded pages would cost as much as the whole list. The first page stays on screen until refetched.
 */
export function dropLaterPages(queryClient: QueryClient, queryKey: QueryKey): void {
  queryClient.setQueryData<InfiniteData<unknown, unknown>>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}

/** Refetches a paged list from its first page (see dropLaterPages). */
export function refetchFromFirstPage(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  dropLaterPages(queryClient, queryKey);
  return queryClient.invalidateQueries({ queryKey });
}
