import type { Comment } from '@hunted/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { COMMENTS_PAGE_SIZE } from '@/config/directory';
import { getPage, nextOffset, toQueryString, type Page } from '@/lib/api-client';
import { commentKeys } from './query-keys';

export function getComments(brandId: number, offset: number): Promise<Page<Comment>> {
  return getPage<Comment>(`/api/brands/${brandId}/comments${toQueryString({ limit: COMMENTS_PAGE_SIZE, offset })}`);
}

/** A page at a time: a brand may have thousands of comments, and the whole list is slow to send. */
export const commentsQueryOptions = (brandId: number) =>
  infiniteQueryOptions({
    queryKey: commentKeys.forBrand(brandId),
    queryFn: ({ pageParam }) => getComments(brandId, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset<Comment>,
  });

/** Comments are asked for only once the panel has been opened (spec section 2). */
export function useComments(brandId: number, enabled: boolean) {
  return useInfiniteQuery({ ...commentsQueryOptions(brandId), enabled });
}
