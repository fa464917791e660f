import type { HunterEdit } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** `POST /api/hunter-edits/{id}/publish-request`: the hunter asks the client, once, to publish the edit. */
export function requestEditPublication(editId: number): Promise<HunterEdit> {
  return request<HunterEdit>('POST', `/api/hunter-edits/${editId}/publish-request`);
}

export function useRequestEditPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEditPublication,
    onSuccess: (updated) =>
      queryClient.setQueryData<HunterEdit[]>(hunterKeys.sentEdits(), (edits) =>
        edits?.map((edit) => (edit.id === updated.id ? updated : edit)),
      ),
  });
}
