import type { Review } from '@hunted/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { REVIEWS_PAGE_SIZE } from '@/config/directory';
import { getPage, nextOffset, toQueryString, type Page } from './paged-request';

export function getReviews(brandId: number, offset: number): Promise<Page<Review>> {
  return getPage<Review>(`/api/brands/${brandId}/reviews${toQueryString({ limit: REVIEWS_PAGE_SIZE, offset })}`);
}

/**
 * A page at a time ('Show more reviews'): a much-reviewed brand's whole list is slow to send. Under the brand's
 * own key, so refetching a brand page's family reaches its reviews too.
 */
export const reviewsQueryOptions = (brandId: number) =>
  infiniteQueryOptions({
    queryKey: ['/api/brands', String(brandId), 'reviews'],
    queryFn: ({ pageParam }) => getReviews(brandId, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset<Review>,
  });

export function useReviews(brandId: number) {
  return useInfiniteQuery(reviewsQueryOptions(brandId));
}
