import { MESSAGE_LIMITS, type ConversationMessage, type UnreadCount } from '@hunted/contracts';
import { io, type Socket } from 'socket.io-client';

/**
 * A browser tab's socket as the SPA runs it: websocket only, every `message:new` kept by id (so a message seen
 * twice counts once), and after any reconnect that did not recover its session, a catch-up over HTTP `after` the
 * newest message it holds. `catchUp` is how the tab asks the API for that (directly or through the gateway).
 */
export class LiveClient {
  readonly messages = new Map<string, ConversationMessage>();
  readonly deliveries: ConversationMessage[] = [];
  readonly unreadCounts: UnreadCount[] = [];
  readonly reads: { conversationId: string; readerId: string; upTo: string | null }[] = [];
  readonly disconnects: string[] = [];
  connects = 0;
  recoveries = 0;
  reauths = 0;
  readonly socket: Socket;

  constructor(
    base: string,
    headers: Record<string, string>,
    private readonly catchUp?: (conversationId: string, afterId: string | null) => Promise<ConversationMessage[]>,
    private readonly conversationIds: string[] = [],
  ) {
    this.socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      autoConnect: false,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      randomizationFactor: 0,
      extraHeaders: headers,
    });
    this.socket.on('connect', () => {
      this.connects += 1;
      if (this.socket.recovered) this.recoveries += 1;
      else if (this.connects > 1) void this.fetchMissed();
    });
    this.socket.on('disconnect', (reason) => {
      this.disconnects.push(reason);
      // The server ended it on purpose (re-authentication): come back through the gateway's check at once.
      if (reason === 'io server disconnect') this.socket.connect();
    });
    this.socket.on('reauth', () => (this.reauths += 1));
    this.socket.on('message:new', (message: ConversationMessage) => this.keep(message));
    this.socket.on('unread:count', (count: UnreadCount) => this.unreadCounts.push(count));
    this.socket.on('conversation:read', (read: LiveClient['reads'][number]) => this.reads.push(read));
  }

  /** What the next (re)connection sends: a new identity, or none (a signed-out browser). */
  setHeaders(headers: Record<string, string>): void {
    (this.socket.io.opts as { extraHeaders?: Record<string, string> }).extraHeaders = headers;
  }

  /** Connects; resolves once connected, rejects with the server's reason if refused. */
  open(): Promise<this> {
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve(this));
      this.socket.once('connect_error', (error) => reject(error));
      this.socket.connect();
    });
  }

  close(): void {
    this.socket.disconnect();
  }

  /** The messages of a conversation this tab holds, oldest first. */
  of(conversationId: string): ConversationMessage[] {
    return [...this.messages.values()]
      .filter((message) => message.conversationId === conversationId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  private keep(message: ConversationMessage): void {
    this.deliveries.push(message);
    this.messages.set(message.id, message);
  }

  /** Page by page (a read answers at most a page), until a page is not full. */
  private async fetchMissed(): Promise<void> {
    if (!this.catchUp) return;
    for (const conversationId of this.conversationIds) {
      for (;;) {
        const newest = this.of(conversationId).at(-1)?.id ?? null;
        const page = await this.catchUp(conversationId, newest);
        for (const message of page) this.messages.set(message.id, message);
        if (newest === null || page.length < MESSAGE_LIMITS.pageSize) break;
      }
    }
  }
}
