import type { Review, ReviewInput } from '@hunted/contracts';
import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { reviewsQueryOptions } from './get-reviews';
import { dropLaterPages } from './paged-request';
import { savedBrandsQueryOptions } from './get-saved-brands';

export function createReview(brandId: number, input: ReviewInput): Promise<Review> {
  return request<Review>('POST', `/api/brands/${brandId}/reviews`, input);
}

/**
 * Everything a new review changes: the brand's reviews, its rating and review count on its page and in every
 * brands list (today, featured, top, /brands), the member's own review and the photos. Saved states and comments
 * are untouched.
 */
export function showsReviews(query: Query): boolean {
  const [root, , kind] = query.queryKey;
  return typeof root === 'string' && root.startsWith('/api/brands') && kind !== 'saved' && kind !== 'comments';
}

export function useCreateReview(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => createReview(brandId, input),
    // A refusal may mean a review already exists (409): the member's review is then refetched and the form gives
    // way. A new review is the newest, so the reviews list starts again from its first page.
    onSettled: () => {
      dropLaterPages(queryClient, reviewsQueryOptions(brandId).queryKey);
      return Promise.all([
        queryClient.invalidateQueries({ predicate: showsReviews }),
        queryClient.invalidateQueries({ queryKey: savedBrandsQueryOptions().queryKey }),
      ]);
    },
  });
}
