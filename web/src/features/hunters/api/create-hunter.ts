import type { Hunter, HunterInput } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** Creates the signed-in user's hunter profile (one per user: a second answers 409). */
export function createHunter(input: HunterInput): Promise<Hunter> {
  return request<Hunter>('POST', '/api/hunters', input);
}

/** Afterwards the user's profile and every listing are read again: the new hunter is in them. */
export function useCreateHunter(
  options: { onSuccess?: (hunter: Hunter) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHunter,
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
