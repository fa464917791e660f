import type { Review } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export function getReviews(brandId: number): Promise<Review[]> {
  return request<Review[]>('GET', `/api/brands/${brandId}/reviews`);
}

/** Under the brand's own key, so refetching a brand page's family reaches its reviews too. */
export const reviewsQueryOptions = (brandId: number) =>
  queryOptions({
    queryKey: ['/api/brands', String(brandId), 'reviews'],
    queryFn: async () => {
      const reviews = await getReviews(brandId);
      return Array.isArray(reviews) ? reviews : [];
    },
  });

export function useReviews(brandId: number) {
  return useQuery(reviewsQueryOptions(brandId));
}
