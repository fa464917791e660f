import type { AdminDeletionsResponse } from '@hunted/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export function getDeletions(): Promise<AdminDeletionsResponse> {
  return request<AdminDeletionsResponse>('GET', '/api/admin/deletions');
}

/** Every account deletion, newest first, with each service's erasure. */
export function useDeletions() {
  return useQuery({ queryKey: adminKeys.deletions(), queryFn: getDeletions });
}

export function retryDeletion(deletionId: string): Promise<unknown> {
  return request('POST', `/api/admin/deletions/${encodeURIComponent(deletionId)}/retry`);
}

/** Sends the deletion again to the services that have not reported it done; the list is then read again. */
export function useRetryDeletion(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDeletion,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.deletions() });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
