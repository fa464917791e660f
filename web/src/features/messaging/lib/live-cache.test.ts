import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ThreadMessage } from '../api/conversations';
import { messagingKeys } from '../api/query-keys';
import { applyNewMessage, applyRead, mergeMessages, pendingId } from './live-cache';

const message = (id: string, createdAt: string, overrides: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id,
  conversationId: 'c1',
  senderId: 'me',
  receiverId: 'them',
  content: id,
  createdAt,
  isRead: false,
  clientMessageId: null,
  attachments: [],
  ...overrides,
});

describe('mergeMessages', () => {
  it('keeps one copy per id, replaces an optimistic message by its stored copy, and orders oldest first', () => {
    const thread = [message('a', '2026-11-24T10:00:00Z'), message(pendingId('x'), '2026-11-24T10:05:00Z', { pending: true, clientMessageId: 'x' })];
    const merged = mergeMessages(thread, [
      message('b', '2026-11-24T10:01:00Z', { clientMessageId: 'x' }),
      message('a', '2026-11-24T10:00:00Z'),
    ]);
    expect(merged.map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('keeps messages still sending at the end', () => {
    const merged = mergeMessages([message(pendingId('y'), '2026-11-24T09:00:00Z', { pending: true })], [message('c', '2026-11-24T10:00:00Z')]);
    expect(merged.map((m) => m.id)).toEqual(['c', pendingId('y')]);
  });
});

describe('the caches fed by the socket', () => {
  it('counts a received message once per delivery on both lists, and clears them when I read', () => {
    const client = new QueryClient();
    client.setQueryData(messagingKeys.conversations(), [{ id: 'c1', unreadCount: 0, lastMessage: null, lastMessageAt: null }]);
    client.setQueryData(messagingKeys.hunterConversations(), [{ id: 'c1', unreadCount: 0, lastMessage: null, lastMessageTime: null }]);
    client.setQueryData(messagingKeys.thread('c1'), []);
    const incoming = message('m1', '2026-11-24T10:00:00Z', { senderId: 'them', receiverId: 'me' });
    applyNewMessage(client, incoming, 'me');
    applyNewMessage(client, incoming, 'me');
    expect(client.getQueryData(messagingKeys.thread('c1'))).toEqual([incoming]);
    expect(client.getQueryData(messagingKeys.conversations())).toEqual([
      { id: 'c1', unreadCount: 2, lastMessage: 'm1', lastMessageAt: '2026-11-24T10:00:00Z' },
    ]);
    applyRead(client, { conversationId: 'c1', readerId: 'me', upTo: null }, 'me');
    expect(client.getQueryData<{ unreadCount: number }[]>(messagingKeys.conversations())![0]!.unreadCount).toBe(0);
    expect(client.getQueryData<{ unreadCount: number }[]>(messagingKeys.hunterConversations())![0]!.unreadCount).toBe(0);
    expect(client.getQueryData<ThreadMessage[]>(messagingKeys.thread('c1'))![0]!.isRead).toBe(true);
  });

  it('asks for a list again when a read of it was already on its way, so the older answer cannot hide the message', async () => {
    const client = new QueryClient();
    const key = messagingKeys.hunterConversations();
    let answers = 0;
    let release!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (release = resolve));
    // The page's list, on screen (an observer), whose first read is still on its way.
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => {
        answers += 1;
        const answer = answers;
        // The first read was answered before the message arrived; the second after it.
        if (answer === 1) await firstAnswered;
        return [{ id: 'c1', unreadCount: answer === 1 ? 0 : 1, lastMessage: answer === 1 ? null : 'm1', lastMessageTime: null }];
      },
    });
    const stop = observer.subscribe(() => undefined);
    applyNewMessage(client, message('m1', '2026-11-24T10:00:00Z', { senderId: 'them', receiverId: 'me' }), 'me');
    release();
    await expect.poll(() => client.getQueryData<{ lastMessage: string | null }[]>(key)?.[0]?.lastMessage).toBe('m1');
    expect(answers).toBe(2);
    stop();
  });

  it("marks my sent messages seen when the other person reads them, and leaves my counts alone", () => {
    const client = new QueryClient();
    client.setQueryData(messagingKeys.conversations(), [{ id: 'c1', unreadCount: 4 }]);
    client.setQueryData(messagingKeys.thread('c1'), [message('m1', '2026-11-24T10:00:00Z'), message('m2', '2026-11-24T10:01:00Z')]);
    applyRead(client, { conversationId: 'c1', readerId: 'them', upTo: 'm1' }, 'me');
    expect(client.getQueryData<ThreadMessage[]>(messagingKeys.thread('c1'))!.map((m) => m.isRead)).toEqual([true, false]);
    expect(client.getQueryData<{ unreadCount: number }[]>(messagingKeys.conversations())![0]!.unreadCount).toBe(4);
  });
});
