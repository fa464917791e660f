import type { ConversationMessage, SendMessageRequest } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { applyNewMessage, pendingId } from '../lib/live-cache';
import type { ThreadMessage } from './conversations';
import { messagingKeys } from './query-keys';

interface Send {
  content: string;
  receiverId: string;
  /** Kept by the caller for retries of the same message: the server answers the first copy again. */
  clientMessageId: string;
}

/**
 * Sends a message: shown at once, marked as sending, replaced by the stored one when the server answers (or by the
 * live copy, whichever comes first); removed again if the send fails.
 */
export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  const auth = useAuth();
  const myId = auth.status === 'authenticated' ? auth.user.id : '';
  const threadKey = messagingKeys.thread(conversationId);
  return useMutation({
    mutationFn: (send: Send) =>
      request<ConversationMessage>('POST', `/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
        content: send.content,
        receiverId: send.receiverId,
        clientMessageId: send.clientMessageId,
      } satisfies SendMessageRequest),
    onMutate: (send) => {
      const optimistic: ThreadMessage = {
        id: pendingId(send.clientMessageId),
        conversationId,
        senderId: myId,
        receiverId: send.receiverId,
        content: send.content.trim(),
        createdAt: new Date().toISOString(),
        isRead: false,
        clientMessageId: send.clientMessageId,
        attachments: [],
        pending: true,
      };
      client.setQueryData<ThreadMessage[]>(threadKey, (thread) => [...(thread ?? []), optimistic]);
    },
    onSuccess: (stored) => applyNewMessage(client, stored, myId),
    onError: (_error, send) => {
      client.setQueryData<ThreadMessage[]>(threadKey, (thread) =>
        thread?.filter((message) => message.id !== pendingId(send.clientMessageId)),
      );
    },
  });
}

/** Marks what the member received in a conversation, up to a message, as read (the socket then clears the badges). */
export function useMarkRead(conversationId: string) {
  return useMutation({
    mutationFn: (upTo: string) =>
      request<void>('POST', `/api/conversations/${encodeURIComponent(conversationId)}/read`, { upTo }),
  });
}
