import type { Review, ReviewInput } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dropLaterPages } from '@/lib/query-pages';
import { reviewKeys } from './query-keys';

export function createReview(brandId: number, input: ReviewInput): Promise<Review> {
  return request<Review>('POST', `/api/brands/${brandId}/reviews`, input);
}

/**
 * A new review changes the brand's reviews, the member's own review and the photos, here, and the brand's rating
 * and review count on its page and in every brands list, which the brands feature shows: `onSettled` is how the
 * route that composes both has those refetched too (features do not import each other). Comments are untouched.
 */
export function useCreateReview(brandId: number, options: { onSettled?: () => Promise<unknown> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => createReview(brandId, input),
    // A refusal may mean a review already exists (409): the member's review is then refetched and the form gives
    // way. A new review is the newest, so the reviews list starts again from its first page.
    onSettled: () => {
      dropLaterPages(queryClient, reviewKeys.list(brandId));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.forBrand(brandId) }),
        options.onSettled?.(),
      ]);
    },
  });
}
