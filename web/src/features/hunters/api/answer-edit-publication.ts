import type { HunterEdit, HunterEditConsentInput } from '@hunted/contracts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { request, type Page } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** `POST /api/hunter-edits/{id}/publish-consent`: the client's one answer to the hunter's request. */
export function answerEditPublication({ editId, allow }: { editId: number; allow: boolean }): Promise<HunterEdit> {
  return request<HunterEdit>('POST', `/api/hunter-edits/${editId}/publish-consent`, {
    allow,
  } satisfies HunterEditConsentInput);
}

export function useAnswerEditPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerEditPublication,
    onSuccess: async (updated) => {
      queryClient.setQueryData<InfiniteData<Page<HunterEdit>, number>>(hunterKeys.receivedEdits(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((edit) => (edit.id === updated.id ? updated : edit)),
              })),
            }
          : data,
      );
      // A published edit shows on the hunter's page and on its brands' pages.
      if (updated.publication === 'published') {
        await queryClient.invalidateQueries({ queryKey: hunterKeys.published() });
      }
    },
  });
}
