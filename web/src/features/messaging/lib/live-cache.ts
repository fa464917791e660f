import type {
  ConversationMessage,
  ConversationSummary,
  HunterConversationSummary,
  UnreadCount,
} from '@hunted/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ThreadMessage } from '../api/conversations';
import { messagingKeys } from '../api/query-keys';

/** What `conversation:read` says: who read which conversation, up to which message (all when null). */
export interface ReadReceipt {
  conversationId: string;
  readerId: string;
  upTo: string | null;
}

/** The optimistic id of a message being sent: replaced by the stored one when it comes back. */
export const pendingId = (clientMessageId: string) => `pending:${clientMessageId}`;

/**
 * A thread with these messages merged in: one copy per id, a stored message replacing its optimistic copy (same
 * `clientMessageId`), oldest first (pending ones last, as they were typed last).
 */
export function mergeMessages(thread: readonly ThreadMessage[], incoming: readonly ThreadMessage[]): ThreadMessage[] {
  const byId = new Map(thread.map((message) => [message.id, message]));
  for (const message of incoming) {
    if (!message.pending && message.clientMessageId) byId.delete(pendingId(message.clientMessageId));
    byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => {
    if (Boolean(a.pending) !== Boolean(b.pending)) return a.pending ? 1 : -1;
    return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
  });
}

function touch<Row extends { id: string }>(rows: Row[] | undefined, id: string, change: (row: Row) => Row): Row[] | undefined {
  if (!rows) return rows;
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) return rows;
  return [change(row), ...rows.filter((candidate) => candidate.id !== id)];
}

/** A stored message, live or just sent: into its thread, and onto its row of the lists (moved to the top). */
export function applyNewMessage(client: QueryClient, message: ConversationMessage, myId: string): void {
  const threadKey = messagingKeys.thread(message.conversationId);
  if (client.getQueryData(threadKey)) {
    client.setQueryData<ThreadMessage[]>(threadKey, (thread) => mergeMessages(thread ?? [], [message]));
  }
  const received = message.receiverId === myId ? 1 : 0;
  const conversations = client.getQueryData<ConversationSummary[]>(messagingKeys.conversations());
  if (conversations && !conversations.some((row) => row.id === message.conversationId)) {
    // A conversation this tab has not listed yet (opened since): ask for the list again.
    void client.invalidateQueries({ queryKey: messagingKeys.conversations() });
  } else {
    client.setQueryData<ConversationSummary[]>(messagingKeys.conversations(), (rows) =>
      touch(rows, message.conversationId, (row) => ({
        ...row,
        lastMessage: message.content,
        lastMessageAt: message.createdAt,
        unreadCount: row.unreadCount + received,
      })),
    );
  }
  client.setQueryData<HunterConversationSummary[]>(messagingKeys.hunterConversations(), (rows) =>
    touch(rows, message.conversationId, (row) => ({
      ...row,
      lastMessage: message.content,
      lastMessageTime: message.createdAt,
      unreadCount: row.unreadCount + received,
    })),
  );
  // A list read already on its way may have been answered before this message, and would then land over (or, on
  // a first load, instead of) the rows just touched: drop that read and ask again.
  for (const queryKey of [messagingKeys.conversations(), messagingKeys.hunterConversations()]) {
    if (client.isFetching({ queryKey }) === 0) continue;
    void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
  }
}

/** Someone read a conversation: the reader's rows clear, and the messages read are marked so in the thread. */
export function applyRead(client: QueryClient, read: ReadReceipt, myId: string): void {
  client.setQueryData<ThreadMessage[]>(messagingKeys.thread(read.conversationId), (thread) => {
    if (!thread) return thread;
    const upTo = read.upTo ? thread.findIndex((message) => message.id === read.upTo) : thread.length - 1;
    return thread.map((message, index) =>
      message.receiverId === read.readerId && !message.pending && (upTo === -1 || index <= upTo) ? { ...message, isRead: true } : message,
    );
  });
  if (read.readerId !== myId) return;
  if (read.upTo === null) {
    const clear = <Row extends { id: string; unreadCount: number }>(rows: Row[] | undefined) =>
      rows?.map((row) => (row.id === read.conversationId ? { ...row, unreadCount: 0 } : row));
    client.setQueryData<ConversationSummary[]>(messagingKeys.conversations(), clear);
    client.setQueryData<HunterConversationSummary[]>(messagingKeys.hunterConversations(), clear);
  } else {
    void client.invalidateQueries({ queryKey: messagingKeys.conversations() });
    void client.invalidateQueries({ queryKey: messagingKeys.hunterConversations() });
  }
}

export function applyUnreadCount(client: QueryClient, count: UnreadCount): void {
  client.setQueryData(messagingKeys.unread(), count);
}
