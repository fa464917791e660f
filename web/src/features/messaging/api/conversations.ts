import {
  MESSAGE_LIMITS,
  type ConversationMessage,
  type ConversationSummary,
  type HunterConversationSummary,
  type UnreadCount,
} from '@hunted/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '@/lib/api-client';
import { mergeMessages } from '../lib/live-cache';
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

/** Messages per page of a thread: the newest page on opening, then a page at a time going back. */
export const THREAD_PAGE_SIZE = MESSAGE_LIMITS.pageSize;

/** A page of a thread: the newest, or the page just `before` or `after` a message. */
export const threadPath = (
  conversationId: string,
  cursor: { before?: string; after?: string } = {},
  limit: number = THREAD_PAGE_SIZE,
) => {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor.before) query.set('before', cursor.before);
  if (cursor.after) query.set('after', cursor.after);
  return `/api/conversations/${encodeURIComponent(conversationId)}/messages?${query.toString()}`;
};

/**
 * The newest page, joined to what this tab already holds when the two meet (a page that shares a message with it,
 * or the whole thread). When they do not (more arrived while the tab was away than a page holds), what the tab held
 * is let go but for messages still sending: keeping it would leave a hole nobody sees. Older pages load again on
 * scrolling up.
 */
export async function fetchNewestPage(client: QueryClient, conversationId: string): Promise<ThreadMessage[]> {
  const page = await request<ConversationMessage[]>('GET', threadPath(conversationId));
  const startKey = messagingKeys.threadStart(conversationId);
  if (page.length < THREAD_PAGE_SIZE) client.setQueryData<string | null>(startKey, page[0]?.id ?? null);
  // "Empty" is no longer known once a full page has come.
  else if (client.getQueryData(startKey) === null) client.removeQueries({ queryKey: startKey, exact: true });
  const held = client.getQueryData<ThreadMessage[]>(messagingKeys.thread(conversationId)) ?? [];
  const ids = new Set(page.map((message) => message.id));
  const meets = page.length < THREAD_PAGE_SIZE || held.some((message) => !message.pending && ids.has(message.id));
  return mergeMessages(meets ? held : held.filter((message) => message.pending), page);
}

/** The page before the oldest message the tab holds, joined to it; a short page means the start is reached. */
export async function fetchOlderPage(client: QueryClient, conversationId: string): Promise<void> {
  const key = messagingKeys.thread(conversationId);
  const oldest = client.getQueryData<ThreadMessage[]>(key)?.find((message) => !message.pending);
  if (!oldest) return;
  const page = await request<ConversationMessage[]>('GET', threadPath(conversationId, { before: oldest.id }));
  client.setQueryData<ThreadMessage[]>(key, (thread) => mergeMessages(thread ?? [], page));
  if (page.length < THREAD_PAGE_SIZE)
    client.setQueryData<string | null>(messagingKeys.threadStart(conversationId), page[0]?.id ?? oldest.id);
}

export interface ThreadPages {
  /** The messages held, oldest first: the newest page and any older pages loaded since. */
  messages: ThreadMessage[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** Whether older messages than those held exist (or may: until a short page has shown the first). */
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/** A thread a page at a time: the newest on opening, older ones on asking (scrolling up). */
export function useThread(conversationId: string | null): ThreadPages {
  const client = useQueryClient();
  const thread = useQuery({
    queryKey: messagingKeys.thread(conversationId ?? ''),
    queryFn: () => fetchNewestPage(client, conversationId!),
    enabled: conversationId !== null,
    staleTime: 0,
  });
  // Written by the page fetches above; only read here.
  const start = useQuery<string | null>({
    queryKey: messagingKeys.threadStart(conversationId ?? ''),
    queryFn: () => Promise.resolve(null),
    enabled: false,
  });
  const older = useMutation({ mutationFn: (id: string) => fetchOlderPage(client, id) });
  const oldest = thread.data?.find((message) => !message.pending);
  const startKnown = start.data !== undefined;
  const hasOlder = oldest !== undefined && !(startKnown && (start.data === null || start.data === oldest.id));
  const { mutate, isPending: loadingOlder } = older;
  const loadOlder = useCallback(() => {
    if (conversationId && !loadingOlder) mutate(conversationId);
  }, [conversationId, loadingOlder, mutate]);
  return {
    messages: thread.data,
    isPending: thread.isPending,
    isError: thread.isError,
    error: thread.error ?? older.error,
    hasOlder,
    loadingOlder,
    loadOlder,
  };
}
