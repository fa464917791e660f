import type { Hunter, HunterInput } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTermsGate } from '@/components/legal/terms-gate';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** Creates the signed-in user's hunter profile (one per user: a second answers 409). */
export function createHunter(input: HunterInput): Promise<Hunter> {
  return request<Hunter>('POST', '/api/hunters', input);
}

/**
 * Afterwards the user's profile and every listing are read again: the new hunter is in them. The hunters' terms come
 * first: a 409 asking for them opens the terms dialog, then the profile is sent again (decision 0103).
 */
export function useCreateHunter(
  options: { onSuccess?: (hunter: Hunter) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  const withAcceptedTerms = useTermsGate();
  return useMutation({
    mutationFn: (input: HunterInput) => withAcceptedTerms(() => createHunter(input)),
    onError: options.onError,
    onSuccess: async (hunter) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: hunterKeys.profile() }),
        queryClient.invalidateQueries({ queryKey: hunterKeys.lists() }),
      ]);
      options.onSuccess?.(hunter);
    },
  });
}
