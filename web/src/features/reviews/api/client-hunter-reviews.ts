import type {
  HunterReview,
  HunterReviewInput,
  HunterReviewPage,
  MyHunterReviews,
} from '@hunted/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, toQueryString } from '@/lib/api-client';

/** A hunter's public page reads their reviews this many at a time ('Show more reviews'). */
export const HUNTER_REVIEWS_PAGE_SIZE = 10;

/** Query keys of reviews of hunters (apart from brand reviews': a hunter review never changes a brand's). */
export const hunterReviewKeys = {
  all: ['hunter-reviews'] as const,
  mine: () => [...hunterReviewKeys.all, 'mine'] as const,
  ofHunter: (hunterId: number) => [...hunterReviewKeys.all, 'hunter', hunterId] as const,
};

export function getMyHunterReviews(): Promise<MyHunterReviews> {
  return request<MyHunterReviews>('GET', '/api/hunter-reviews/mine');
}

export const myHunterReviewsQueryOptions = () =>
  queryOptions({ queryKey: hunterReviewKeys.mine(), queryFn: getMyHunterReviews });

/**
 * The member's own reviews of hunters (and, for a hunter, those they received): which bookings are reviewed, and
 * on a hunter's page which reviews are the member's own or about them. `enabled` is false for a guest.
 */
export function useMyHunterReviews(enabled = true) {
  return useQuery({ ...myHunterReviewsQueryOptions(), enabled });
}

export function getHunterReviews(hunterId: number, offset: number): Promise<HunterReviewPage> {
  return request<HunterReviewPage>(
    'GET',
    `/api/hunters/${hunterId}/reviews${toQueryString({ limit: HUNTER_REVIEWS_PAGE_SIZE, offset })}`,
  );
}

/** A hunter's visible reviews, newest first, a page at a time, with the total and the rating over all of them. */
export const hunterReviewsQueryOptions = (hunterId: number) =>
  infiniteQueryOptions({
    queryKey: hunterReviewKeys.ofHunter(hunterId),
    queryFn: ({ pageParam }) => getHunterReviews(hunterId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: HunterReviewPage, pages: HunterReviewPage[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.reviews.length, 0);
      return last.reviews.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

export function useHunterReviews(hunterId: number) {
  return useInfiniteQuery(hunterReviewsQueryOptions(hunterId));
}

export function createHunterReview(input: HunterReviewInput): Promise<HunterReview> {
  return request<HunterReview>('POST', '/api/hunter-reviews', input);
}

/** A new review changes the member's own list and the hunter's public reviews (and, later, their rating). */
export function useCreateHunterReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHunterReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: hunterReviewKeys.all }),
  });
}

