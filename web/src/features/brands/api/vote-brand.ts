import type { VoteResponse } from '@hunted/contracts';
import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { savedBrandsQueryOptions } from './get-saved-brands';

export function voteBrand(brandId: number): Promise<VoteResponse> {
  return request<VoteResponse>('POST', `/api/brands/${brandId}/vote`);
}

/**
 * Everything that shows vote counts: the brand itself, every brands list, today's list, the featured brand
 * and the leaderboard (spec section 4) — but not the saved-state flags, reviews, review photos or comments,
 * which a vote does not change.
 */
export function showsVotes(query: Query): boolean {
  const [root, , kind] = query.queryKey;
  return (
    typeof root === 'string' &&
    root.startsWith('/api/brands') &&
    kind !== 'saved' &&
    kind !== 'reviews' &&
    kind !== 'photos' &&
    kind !== 'comments'
  );
}

export function useVoteBrand(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteBrand,
    onError: options.onError,
    onSuccess: async () => {
      options.onSuccess?.();
      await Promise.all([
        queryClient.invalidateQueries({ predicate: showsVotes }),
        queryClient.invalidateQueries({ queryKey: savedBrandsQueryOptions().queryKey }),
      ]);
    },
  });
}
