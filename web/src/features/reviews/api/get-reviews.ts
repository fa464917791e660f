import type { Review } from '@hunted/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { REVIEWS_PAGE_SIZE } from '@/config/directory';
import { getPage, nextOffset, toQueryString, type Page } from '@/lib/api-client';
import { reviewKeys } from './query-keys';

export function getReviews(brandId: number, offset: number): Promise<Page<Review>> {
  return getPage<Review>(`/api/brands/${brandId}/reviews${toQueryString({ limit: REVIEWS_PAGE_SIZE, offset })}`);
}

/** A page at a time ('Show more reviews'): a much-reviewed brand's whole list is slow to send. */
export const reviewsQueryOptions = (brandId: number) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.list(brandId),
    queryFn: ({ pageParam }) => getReviews(brandId, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset<Review>,
  });

export function useReviews(brandId: number) {
  return useInfiniteQuery(reviewsQueryOptions(brandId));
}
