import type { Hunter, HunterUpdate } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** Changes the signed-in hunter's own profile (anyone else's answers 404). */
export function updateHunter({ id, changes }: { id: number; changes: HunterUpdate }): Promise<Hunter> {
  return request<Hunter>('PATCH', `/api/hunters/${id}`, changes);
}

/**
 * On success the profile, the listings and the hunter's own detail (the book-session and payment pages read it) are
 * read again (spec, section 7), so every view shows the edit.
 */
export function useUpdateHunter(
  options: { onSuccess?: (hunter: Hunter) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHunter,
    onError: options.onError,
    onSuccess: async (hunter) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: hunterKeys.profile() }),
        queryClient.invalidateQueries({ queryKey: hunterKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: hunterKeys.detail(hunter.id) }),
      ]);
      options.onSuccess?.(hunter);
    },
  });
}
