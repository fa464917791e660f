import type { Review } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { reviewKeys } from './query-keys';

/** The signed-in member's review of the brand, or null when they have not written one. */
export function getMyReview(brandId: number): Promise<Review | null> {
  return request<Review | null>('GET', `/api/brands/${brandId}/reviews/mine`).then((review) => review ?? null);
}

export const myReviewQueryOptions = (brandId: number) =>
  queryOptions({ queryKey: reviewKeys.mine(brandId), queryFn: () => getMyReview(brandId) });

/** Asked only for a signed-in member: a guest has written nothing. */
export function useMyReview(brandId: number, signedIn: boolean) {
  return useQuery({ ...myReviewQueryOptions(brandId), enabled: signedIn });
}
