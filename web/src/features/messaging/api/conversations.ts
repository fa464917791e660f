import type {
  ConversationMessage,
  ConversationSummary,
  HunterConversationSummary,
  UnreadCount,
} from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { messagingKeys } from './query-keys';

/** A message of a thread as the page holds it: stored, or just typed and still on its way (`pending`). */
export type ThreadMessage = ConversationMessage & { pending?: boolean };

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.conversations(),
    queryFn: () => request<ConversationSummary[]>('GET', '/api/conversations'),
    staleTime: 0,
  });

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}

export function useHunterConversations() {
  return useQuery({
    queryKey: messagingKeys.hunterConversations(),
    queryFn: () => request<HunterConversationSummary[]>('GET', '/api/hunter-conversations'),
    staleTime: 0,
  });
}

/** The header's total; only asked for a signed-in member. Kept fresh by the socket's `unread:count`. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: messagingKeys.unread(),
    queryFn: () => request<UnreadCount>('GET', '/api/conversations/unread-count'),
    enabled,
    staleTime: 30_000,
  });
}

export const threadPath = (conversationId: string, after?: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/messages${after ? `?after=${encodeURIComponent(after)}` : ''}`;

export function useThread(conversationId: string | null) {
  return useQuery({
    queryKey: messagingKeys.thread(conversationId ?? ''),
    queryFn: () => request<ThreadMessage[]>('GET', threadPath(conversationId!)),
    enabled: conversationId !== null,
    staleTime: 0,
  });
}
