import { MESSAGE_LIMITS, type ConversationMessage, type UnreadCount } from '@hunted/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { request } from '@/lib/api-client';
import { SIGNING_OUT_EVENT, useAuth } from '@/lib/auth';
import { whenIdle } from '@/lib/when-idle';
import { threadPath, type ThreadMessage } from '../api/conversations';
import { messagingKeys } from '../api/query-keys';
import { applyNewMessage, applyRead, applyUnreadCount, mergeMessages, type ReadReceipt } from './live-cache';

/**
 * After a reconnect (the server keeps no missed packets: connection state recovery is off), fetch what may have
 * been missed: the lists and the count again, and each thread this tab holds from its newest stored message.
 */
export async function catchUp(client: QueryClient): Promise<void> {
  void client.invalidateQueries({ queryKey: messagingKeys.conversations() });
  void client.invalidateQueries({ queryKey: messagingKeys.hunterConversations() });
  void client.invalidateQueries({ queryKey: messagingKeys.unread() });
  const threads = client.getQueriesData<ThreadMessage[]>({ queryKey: messagingKeys.threads() });
  await Promise.all(
    threads.map(async ([key, thread]) => {
      const conversationId = key.at(-1) as string;
      const newest = thread?.filter((message) => !message.pending).at(-1)?.id;
      if (!newest) return void client.invalidateQueries({ queryKey: key, exact: true });
      const path = threadPath(conversationId, { after: newest }, MESSAGE_LIMITS.pageMax);
      const missed = await request<ConversationMessage[]>('GET', path).catch(() => null);
      if (!missed) return;
      client.setQueryData<ThreadMessage[]>(key, (current) => mergeMessages(current ?? [], missed));
      // More were missed than a page holds: read the newest page instead (older ones load on scrolling up).
      if (missed.length === MESSAGE_LIMITS.pageMax) void client.invalidateQueries({ queryKey: key, exact: true });
    }),
  );
}

/** Feeds one socket's events into the query caches; answers how to close it. */
export function connectLive(socket: Socket, client: QueryClient, myId: string): () => void {
  socket.on('connect', () => {
    // The first connect too: the socket opens once the page has drawn (see useLiveMessages), after the page's own
    // reads, and a message sent between the two would otherwise wait for the next reconnect.
    if (!socket.recovered) void catchUp(client);
  });
  socket.on('disconnect', (reason) => {
    // The server closed it on purpose (every 15 minutes, to check the session again): come straight back.
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.on('connect_error', (error) => {
    // No session: stop asking. The pages' own calls get the 401 and send the member to sign in.
    if (error.message === 'unauthorized') socket.disconnect();
  });
  socket.on('message:new', ({ unread, ...message }: ConversationMessage) => {
    applyNewMessage(client, message, myId);
    // The receiver's copy carries their badge's totals (issue 23: no separate unread:count per message).
    if (unread) applyUnreadCount(client, unread);
  });
  socket.on('conversation:read', (read: ReadReceipt) => applyRead(client, read, myId));
  socket.on('unread:count', (count: UnreadCount) => applyUnreadCount(client, count));
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
  };
}

/**
 * One socket per tab, open while a member is signed in, closed at sign-out. socket.io's client is loaded only
 * then, so a guest's first script never carries it, and only once the page has drawn (issue 23). Websocket transport only: the gateway spreads connections
 * over messaging's replicas, and long-polling would need every request of a session to reach the same one.
 */
export function useLiveMessages(): void {
  const auth = useAuth();
  const client = useQueryClient();
  const myId = auth.status === 'authenticated' ? auth.user.id : null;
  useEffect(() => {
    if (!myId) return;
    let close: (() => void) | undefined;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void import('socket.io-client').then(({ io }) => {
        if (cancelled) return;
        const socket = io({ path: '/socket.io', transports: ['websocket'], withCredentials: true });
        close = connectLive(socket, client, myId);
      });
    });
    const stop = () => close?.();
    window.addEventListener(SIGNING_OUT_EVENT, stop);
    return () => {
      cancelled = true;
      cancelIdle();
      window.removeEventListener(SIGNING_OUT_EVENT, stop);
      stop();
    };
  }, [client, myId]);
}
