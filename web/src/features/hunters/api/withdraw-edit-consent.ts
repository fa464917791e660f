import type { HunterEdit } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { replaceReceivedEdit } from './answer-edit-publication';
import { hunterKeys } from './query-keys';

/** `POST /api/hunter-edits/{id}/withdraw-consent`: the client takes a published edit back (again changes nothing). */
export function withdrawEditConsent(editId: number): Promise<HunterEdit> {
  return request<HunterEdit>('POST', `/api/hunter-edits/${editId}/withdraw-consent`);
}

export function useWithdrawEditConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawEditConsent,
    onSuccess: async (updated) => {
      replaceReceivedEdit(queryClient, updated);
      // It leaves the hunter's page, its brands' pages and the hunters who know them.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: hunterKeys.published() }),
        queryClient.invalidateQueries({ queryKey: hunterKeys.lists() }),
      ]);
    },
  });
}
