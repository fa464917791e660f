import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ThreadMessage } from '../api/conversations';
import { messagingKeys } from '../api/query-keys';
import { applyRead } from './live-cache';

/**
 * Marks the open thread read while the member can see it: when it opens, when a message arrives, and when the tab
 * comes back into view. Each message is asked for once; the badges clear at once here and on the member's other
 * tabs through the socket.
 */
export function useMarkVisibleThreadRead(
  conversationId: string | null,
  messages: ThreadMessage[] | undefined,
  myId: string,
  markRead: (upTo: string, options: { onSuccess: () => void }) => void,
): void {
  const client = useQueryClient();
  const asked = useRef<string | null>(null);
  const lastUnread = messages?.findLast((message) => message.receiverId === myId && !message.isRead && !message.pending);

  useEffect(() => {
    if (!conversationId || !lastUnread) return;
    const readIfVisible = () => {
      if (document.visibilityState !== 'visible' || asked.current === lastUnread.id) return;
      asked.current = lastUnread.id;
      markRead(lastUnread.id, {
        onSuccess: () => {
          applyRead(client, { conversationId, readerId: myId, upTo: lastUnread.id }, myId);
          void client.invalidateQueries({ queryKey: messagingKeys.unread() });
        },
      });
    };
    readIfVisible();
    document.addEventListener('visibilitychange', readIfVisible);
    return () => document.removeEventListener('visibilitychange', readIfVisible);
  }, [client, conversationId, lastUnread, markRead, myId]);
}
