import { once } from 'node:events';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGE_LIMITS } from '@hunted/contracts';
import { QueryClient } from '@tanstack/react-query';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { threadPath, type ThreadMessage } from '../api/conversations';
import { messagingKeys } from '../api/query-keys';
import { connectLive } from './socket';

// The real client against a real socket.io server here (the other web tests drive testing/fake-socket.ts).
vi.unmock('socket.io-client');

const message = (id: string, createdAt: string): ThreadMessage => ({
  id,
  conversationId: 'c1',
  senderId: 'them',
  receiverId: 'me',
  content: id,
  createdAt,
  isRead: false,
  clientMessageId: null,
  attachments: [],
});

describe('connectLive', () => {
  let http: HttpServer | undefined;
  let server: Server | undefined;
  let close: (() => void) | undefined;

  afterEach(async () => {
    close?.();
    await server?.close();
    http?.closeAllConnections();
  });

  it("catches up on its first connect: a message sent after the page's read and before the socket opened is shown", async () => {
    // A real socket.io server, as messaging's is, that sends nothing: the message went out before this tab's socket
    // was there to receive it (the socket opens once the page has drawn, issue 23).
    http = createServer();
    server = new Server(http, { path: '/socket.io' });
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    const { port } = http.address() as AddressInfo;

    const client = new QueryClient();
    const read = message('m1', '2026-11-27T10:00:00Z');
    const missed = message('m2', '2026-11-27T10:00:05Z');
    client.setQueryData<ThreadMessage[]>(messagingKeys.thread('c1'), [read]);
    const calls = stubFetch({
      [`GET ${threadPath('c1', { after: 'm1' }, MESSAGE_LIMITS.pageMax)}`]: () => json(200, [missed]),
    });

    const socket = io(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'] });
    close = connectLive(socket, client, 'me');

    await vi.waitFor(() =>
      expect(client.getQueryData<ThreadMessage[]>(messagingKeys.thread('c1'))?.map((m) => m.id)).toEqual([
        'm1',
        'm2',
      ]),
      { timeout: 4_000 },
    );
    expect(socket.connected).toBe(true);
    expect(calls.map((call) => call.url)).toEqual([threadPath('c1', { after: 'm1' }, MESSAGE_LIMITS.pageMax)]);
  });
});
