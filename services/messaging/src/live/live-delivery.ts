import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { ConversationMessage, UnreadCount } from '@hunted/contracts';
import {
  AppMetrics,
  closeRedis,
  createRedisClient,
  IDENTITY_HEADER,
  SERVICE_CONFIG,
  verifyInternalToken,
  type MetricCounter,
} from '@hunted/platform';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { MessagingConfig } from '../config.js';

/** The events the server sends; the client never chooses a room, so it has nothing to send but its handshake. */
export interface LiveEvents {
  'message:new': (message: ConversationMessage) => void;
  'conversation:read': (read: { conversationId: string; readerId: string; upTo: string | null }) => void;
  'unread:count': (count: UnreadCount) => void;
  /** Sent just before the server closes a socket that has lived SOCKET_REAUTH_MS: reconnect (and be checked). */
  reauth: () => void;
}

interface SocketData {
  userId: string;
}

type LiveSocket = Socket<Record<string, never>, LiveEvents, Record<string, never>, SocketData>;

export const UNAUTHORIZED = 'unauthorized';

/** The largest frame a client may send: its CONNECT packet and pongs are a few bytes (socket.io's default is 1 MB). */
export const SOCKET_MAX_FRAME_BYTES = 1024;

/** The one room a socket joins: its member's. Everything for a member goes there, on every replica. */
export function roomOf(userId: string): string {
  return `user:${userId}`;
}

/**
 * socket.io on messaging's own HTTP server, path `/socket.io`, reached only through the gateway (which refuses
 * other origins and attaches the signed identity to the upgrade, as to any request).
 *
 * - The handshake is checked here with `verifyInternalToken`: the HTTP guard never sees a websocket. Without a
 *   valid identity the connection is refused with 'unauthorized'.
 * - A socket joins `user:<id>` and nothing else; there is no client-chosen room, so no socket can reach another
 *   member's conversation.
 * - Websocket transport only: with the gateway going round-robin over replicas, long-polling would need sticky
 *   sessions (its follow-up requests land on a replica that does not know the session).
 * - The Redis streams adapter carries each emit to the other replicas and, unlike the pub/sub adapter, resumes
 *   from where it was after Redis comes back, so nothing emitted during a Redis outage is dropped between replicas.
 * - No connection state recovery: socket.io restores a recovered session's rooms and sends its missed packets
 *   when the socket is created, before any middleware has checked who is connecting, so a client presenting
 *   another member's session id would be handed that member's messages (issue 19). After every reconnect clients
 *   fetch what they missed over HTTP instead (messages are stored before they are emitted).
 * - Frames and the handshake are sized to the protocol: a client sends only its CONNECT packet and pongs, so a
 *   frame over SOCKET_MAX_FRAME_BYTES closes the connection, and a connection that has not joined within
 *   SOCKET_CONNECT_TIMEOUT_MS is closed (socket.io's defaults, 1 MB and 45 s, let idle or oversized clients hold
 *   memory for nothing).
 * - A socket lives at most SOCKET_REAUTH_MS: the server then closes it and the client reconnects through the
 *   gateway, which checks the session cookie again, so a signed-out session stops receiving.
 */
@Injectable()
export class LiveDelivery implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(LiveDelivery.name);
  private io: Server<Record<string, never>, LiveEvents, Record<string, never>, SocketData> | undefined;
  private redis: Redis | undefined;
  private readonly reauthTimers = new Map<string, NodeJS.Timeout>();
  /** Set when shutdown begins: no new connection is taken (the client retries and reaches another replica). */
  private closing = false;

  private readonly sent: MetricCounter<'event'>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    private readonly adapterHost: HttpAdapterHost,
    metrics: AppMetrics,
  ) {
    const sockets = metrics.gauge({
      name: 'live_sockets',
      help: 'Live sockets open on this replica (each replica serves its own; the streams adapter joins them)',
    });
    metrics.onScrape(async () => sockets.set(this.io?.engine.clientsCount ?? 0));
    this.sent = metrics.counter({
      name: 'live_events_sent_total',
      help: "Live events sent to members' open tabs, by event (message:new is a message delivered live)",
      labelNames: ['event'],
    });
  }

  onApplicationBootstrap(): void {
    const prefix = this.config.REDIS_PREFIX;
    this.redis = createRedisClient(this.config.REDIS_URL, 'messaging-live');
    this.io = new Server(this.adapterHost.httpAdapter.getHttpServer(), {
      path: '/socket.io',
      transports: ['websocket'],
      serveClient: false,
      // A connection opened while this replica shuts down would outlive its socket.io server (closed below) and
      // hear nothing more: refused instead, the client's next try reaches another replica.
      allowRequest: (_request, answer) => answer(this.closing ? 'shutting down' : null, !this.closing),
      maxHttpBufferSize: SOCKET_MAX_FRAME_BYTES,
      connectTimeout: this.config.SOCKET_CONNECT_TIMEOUT_MS,
      adapter: createAdapter(this.redis, {
        streamName: `${prefix}socket.io`,
        channelPrefix: `${prefix}socket.io`,
        // Shorter than the default 5 s, so a closing replica's reader lets go soon after it is told to stop.
        blockTimeInMs: 2_000,
        onlyPlaintext: true,
      }),
    });
    this.io.use((socket, next) => {
      const header = socket.handshake.headers[IDENTITY_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      verifyInternalToken(token, this.config.INTERNAL_AUTH_PUBLIC_KEY, 'messaging').then(
        (user) => {
          if (!user) return next(new Error(UNAUTHORIZED));
          socket.data.userId = user.id;
          next();
        },
        () => next(new Error(UNAUTHORIZED)),
      );
    });
    this.io.on('connection', (socket) => this.onConnection(socket));
  }

  /** Sends an event to every open tab of these members, on whichever replica each tab is connected. */
  emit<E extends keyof LiveEvents>(userIds: readonly string[], event: E, ...args: Parameters<LiveEvents[E]>): void {
    if (!this.io || userIds.length === 0) return;
    this.io.to(userIds.map(roomOf)).emit(event, ...args);
    this.sent.inc({ event });
  }

  /**
   * Drops this replica's sockets first, so their clients reconnect through the gateway to another replica while
   * this one drains (and catch up over HTTP). Dropped, not told to disconnect: a dropped connection is one
   * socket.io clients reconnect by themselves.
   */
  beforeApplicationShutdown(): void {
    this.closing = true;
    for (const timer of this.reauthTimers.values()) clearTimeout(timer);
    this.reauthTimers.clear();
    this.io?.engine.close();
  }

  async onApplicationShutdown(): Promise<void> {
    // A connection that slipped in while the server was closing goes too.
    this.io?.engine.close();
    await this.io?.of('/').adapter.close();
    await closeRedis(this.redis);
  }

  private onConnection(socket: LiveSocket): void {
    void socket.join(roomOf(socket.data.userId));
    // Spread over the last tenth of the period, so sockets opened together do not all reconnect together.
    const lifetime = this.config.SOCKET_REAUTH_MS * (0.9 + Math.random() * 0.1);
    const timer = setTimeout(() => {
      // Said first, and the socket closed once it is written (closing at once can drop the last packet).
      const close = () => socket.disconnect(true);
      socket.conn.once('drain', close);
      setTimeout(close, 1_000).unref();
      socket.emit('reauth');
    }, lifetime);
    timer.unref();
    this.reauthTimers.set(socket.id, timer);
    socket.on('disconnect', () => {
      clearTimeout(this.reauthTimers.get(socket.id));
      this.reauthTimers.delete(socket.id);
    });
    socket.on('error', (error) => this.logger.warn(`socket ${socket.id}: ${error.message}`));
  }
}
