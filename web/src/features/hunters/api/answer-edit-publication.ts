import type { HunterEdit, HunterEditConsentInput } from '@hunted/contracts';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { request, type Page } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** `POST /api/hunter-edits/{id}/publish-consent`: the client's one answer to the hunter's request. */
export function answerEditPublication({ editId, allow }: { editId: number; allow: boolean }): Promise<HunterEdit> {
  return request<HunterEdit>('POST', `/api/hunter-edits/${editId}/publish-consent`, {
    allow,
  } satisfies HunterEditConsentInput);
}

/** Puts the server's answer about one edit in place in the client's received list. */
export function replaceReceivedEdit(queryClient: QueryClient, updated: HunterEdit): void {
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
}

export function useAnswerEditPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerEditPublication,
    onSuccess: async (updated) => {
      replaceReceivedEdit(queryClient, updated);
      // A published edit shows on the hunter's page and on its brands' pages.
      if (updated.publication === 'published') {
        await queryClient.invalidateQueries({ queryKey: hunterKeys.published() });
      }
    },
  });
}
