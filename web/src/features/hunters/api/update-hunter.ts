import type { Hunter, HunterUpdate } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTermsGate } from '@/components/legal/terms-gate';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** Changes the signed-in hunter's own profile (anyone else's answers 404). */
export function updateHunter({ id, changes }: { id: number; changes: HunterUpdate }): Promise<Hunter> {
  return request<Hunter>('PATCH', `/api/hunters/${id}`, changes);
}

/**
 * On success the profile, the listings and the hunter's own detail (the book-session and payment pages read it) are
 * read again (spec, section 7), so every view shows the edit. The hunters' terms come first, as for a new profile
 * (decision 0103).
 */
export function useUpdateHunter(
  options: { onSuccess?: (hunter: Hunter) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  const withAcceptedTerms = useTermsGate();
  return useMutation({
    mutationFn: (edit: { id: number; changes: HunterUpdate }) => withAcceptedTerms(() => updateHunter(edit)),
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
