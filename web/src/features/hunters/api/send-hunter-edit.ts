import type { HunterEdit, HunterEditInput } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** `POST /api/hunter-edits`: the hunter of a held session sends its client one edit (404, 409 or 400 otherwise). */
export function sendHunterEdit(input: HunterEditInput): Promise<HunterEdit> {
  return request<HunterEdit>('POST', '/api/hunter-edits', input);
}

export function useSendHunterEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendHunterEdit,
    onSuccess: async (sent) => {
      // The row shows 'Edit sent' at once; the list is read again behind it.
      queryClient.setQueryData<HunterEdit[]>(hunterKeys.sentEdits(), (edits) =>
        edits ? [sent, ...edits.filter((edit) => edit.id !== sent.id)] : edits,
      );
      // Its brands are now among those the hunter knows: the lists filtered by brand may change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: hunterKeys.sentEdits() }),
        queryClient.invalidateQueries({ queryKey: hunterKeys.lists() }),
      ]);
    },
  });
}
