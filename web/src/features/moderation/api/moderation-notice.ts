import type { ModerationAppealInput, ModerationNotice, ReportableKind } from '@hunted/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

const noticeKey = (kind: ReportableKind, itemId: number) => ['moderation-notice', kind, itemId] as const;

/** `GET /api/moderation/{kind}/{id}`: the author's (or an admin's) view of a hidden item; 404 for anyone else. */
export function useModerationNotice(kind: ReportableKind, itemId: number) {
  return useQuery(
    queryOptions({
      queryKey: noticeKey(kind, itemId),
      queryFn: () => request<ModerationNotice>('GET', `/api/moderation/${kind}/${itemId}`),
      // A 404 is the answer, not a hiccup: the page says so at once.
      retry: false,
    }),
  );
}

/** The author's one appeal: answers the notice as it now is, which the page shows. */
export function useAppeal(kind: ReportableKind, itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationAppealInput) =>
      request<ModerationNotice>('POST', `/api/moderation/${kind}/${itemId}/appeal`, input),
    onSuccess: (notice) => queryClient.setQueryData(noticeKey(kind, itemId), notice),
  });
}
