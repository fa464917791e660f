import type { HunterReview, HunterReviewReplyInput, MyHunterReviews } from '@hunted/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { reviewKeys } from './query-keys';

/**
 * The signed-in member's reviews of hunters: written as a client, received as a hunter. Kept beside reviewKeys (not
 * in it) while the client pages' keys for the same reviews are written in parallel; one key serves both.
 */
export const myHunterReviewsKey = () => [...reviewKeys.all, 'hunter-reviews', 'mine'] as const;

export function getMyHunterReviews(): Promise<MyHunterReviews> {
  return request<MyHunterReviews>('GET', '/api/hunter-reviews/mine');
}

export const myHunterReviewsQueryOptions = () =>
  queryOptions({ queryKey: myHunterReviewsKey(), queryFn: getMyHunterReviews });

export function useMyHunterReviews(enabled = true) {
  return useQuery({ ...myHunterReviewsQueryOptions(), enabled });
}

/** The reviewed hunter answers a review, once. */
export function replyToHunterReview({ reviewId, ...body }: HunterReviewReplyInput & { reviewId: number }) {
  return request<HunterReview>('POST', `/api/hunter-reviews/${reviewId}/reply`, body);
}

/** A reply changes the review everywhere it shows: the dashboard's list and the hunter's public page. */
export function useReplyToHunterReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToHunterReview,
    onSuccess: (review) => {
      queryClient.setQueryData<MyHunterReviews>(myHunterReviewsKey(), (current) =>
        current
          ? { ...current, received: current.received.map((row) => (row.id === review.id ? review : row)) }
          : current,
      );
      return queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}
