import type { AdminHunterReview, HideHunterReviewRequest } from '@hunted/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPage, request, toQueryString, type Page } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export const ADMIN_HUNTER_REVIEWS_PAGE_SIZE = 20;
export type HunterReviewFilter = 'reported' | 'hidden' | 'all';

/** Reviews of hunters for moderation, reported ones first. */
export function getAdminHunterReviews(status: HunterReviewFilter, offset: number): Promise<Page<AdminHunterReview>> {
  return getPage<AdminHunterReview>(
    `/api/admin/hunter-reviews${toQueryString({ status, limit: ADMIN_HUNTER_REVIEWS_PAGE_SIZE, offset })}`,
  );
}

export function useAdminHunterReviews(status: HunterReviewFilter, offset: number) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.hunterReviewList(status, offset),
      queryFn: () => getAdminHunterReviews(status, offset),
      placeholderData: keepPreviousData,
    }),
  );
}

export function hideHunterReview({ reviewId, ...body }: HideHunterReviewRequest & { reviewId: number }) {
  return request<AdminHunterReview>('POST', `/api/admin/hunter-reviews/${reviewId}/hide`, body);
}

export function unhideHunterReview(reviewId: number) {
  return request<AdminHunterReview>('POST', `/api/admin/hunter-reviews/${reviewId}/unhide`);
}

/** Hiding or showing a review moves it between the filters' lists: all are read again. */
function useModeration<I>(mutationFn: (input: I) => Promise<AdminHunterReview>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.hunterReviews() }),
  });
}

export const useHideHunterReview = () => useModeration(hideHunterReview);
export const useUnhideHunterReview = () => useModeration(unhideHunterReview);
