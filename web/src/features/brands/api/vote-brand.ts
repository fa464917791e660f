import type { VoteResponse } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

export function voteBrand(brandId: number): Promise<VoteResponse> {
  return request<VoteResponse>('POST', `/api/brands/${brandId}/vote`);
}

/**
 * A vote refetches everything that shows vote counts: the brand itself, every brands list, today's list, the
 * featured brand, the leaderboard (spec section 4) and the saved brands — but not the saved-state flags, nor the
 * reviews feature's reviews, photos and comments, which a vote does not change.
 */
export function useVoteBrand(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteBrand,
    onError: options.onError,
    onSuccess: async () => {
      options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: brandKeys.shown() });
    },
  });
}
