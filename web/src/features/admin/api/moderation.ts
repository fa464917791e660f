import type {
  ModerationDecisionInput,
  ModerationItem,
  ModerationQueueFilter,
  ReportableKind,
} from '@hunted/contracts';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { request, toQueryString } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** What an admin may do to an item: POST `/api/admin/moderation/{kind}/{id}/{decision}`. */
export type ModerationDecision = 'hide' | 'restore' | 'dismiss';

/** One kind's queue, oldest waiting first (at most MODERATION_LIMITS.queueMax items). */
export async function getModerationQueue(kind: ReportableKind, state: ModerationQueueFilter): Promise<ModerationItem[]> {
  const answer = await request<ModerationItem[] | { items: ModerationItem[] }>(
    'GET',
    `/api/admin/moderation/${kind}${toQueryString({ state })}`,
  );
  // The list itself, or wrapped as a page's `items`: both owners' answers read the same here.
  return Array.isArray(answer) ? answer : answer.items;
}

/** The queues of `kinds`, each read apart: one owner being away leaves the others' items on the page. */
export function useModerationQueues(kinds: readonly ReportableKind[], state: ModerationQueueFilter) {
  return useQueries({
    queries: kinds.map((kind) => ({
      queryKey: adminKeys.moderationQueue(kind, state),
      queryFn: () => getModerationQueue(kind, state),
    })),
  });
}

export function decideModeration({
  kind,
  itemId,
  decision,
  reason,
}: { kind: ReportableKind; itemId: number; decision: ModerationDecision } & ModerationDecisionInput) {
  return request<ModerationItem>(
    'POST',
    `/api/admin/moderation/${kind}/${itemId}/${decision}`,
    reason ? { reason } : {},
  );
}

/**
 * A decision answers the item as it now is: its row is replaced where it shows, in every filter's list read so
 * far, so the admin sees the new state and history at once (it leaves the queue when the list is next read).
 */
export function useDecideModeration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideModeration,
    onSuccess: (item) => {
      for (const [key, items] of queryClient.getQueriesData<ModerationItem[]>({ queryKey: adminKeys.moderation() })) {
        if (!items || key[2] !== item.kind) continue;
        queryClient.setQueryData<ModerationItem[]>(
          key,
          items.map((row) => (row.itemId === item.itemId ? item : row)),
        );
      }
    },
  });
}
