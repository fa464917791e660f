import type http from 'node:http';
import { sessionCookieName } from '@hunted/contracts';
import type { Logger } from 'pino';
import { SessionResolver } from './auth/session-resolver.js';
import { DEFAULT_MICRO_CACHE_LIMITS, MicroCache } from './cache/micro-cache.js';
import type { GatewayConfig } from './config.js';
import { AppMetrics } from '@hunted/platform';
import { createGatewayOpsServer, GatewayDependencies } from './health/dependencies.js';
import { SitePages } from './pages/site-pages.js';
import { EdgeProxy } from './proxy/edge-proxy.js';
import { ServicePools } from './proxy/service-pools.js';
import { RateLimiter } from './security/rate-limit.js';
import { SocketSlots } from './security/socket-slots.js';
import { createUpstreamAgent } from './upstream-agent.js';

export const GATEWAY_RUNTIME = Symbol('GATEWAY_RUNTIME');

/** The gateway's long-lived parts, built once from configuration and closed together on shutdown. */
export class GatewayRuntime {
  /** Keep-alive pool of the gateway's own calls to services (session lookups, page facts) and of websocket upgrades. */
  readonly agent: http.Agent;
  /** Connection pools of the requests the gateway forwards. */
  readonly pools: ServicePools;
  readonly sessions: SessionResolver;
  readonly rateLimiter: RateLimiter;
  /** Open websockets per member and per address, across gateway replicas. */
  readonly socketSlots: SocketSlots;
  readonly edge: EdgeProxy;
  readonly microCache: MicroCache;
  readonly dependencies: GatewayDependencies;
  /** Page routes' heads and statuses, robots.txt and the sitemap. */
  readonly pages: SitePages;
  /** Prometheus metrics of the gateway: its requests by route, its Node process. */
  readonly metrics = new AppMetrics('gateway');
  /** Internal listener for `/health/deps` and `/metrics`; main.ts binds it to OPS_PORT (tests to a port of their own). */
  readonly opsServer: http.Server;

  /**
   * `now` is the clock of the micro-cache's lifetimes: the system clock, or a test's own that it moves by hand
   * instead of waiting out a second.
   */
  constructor(
    readonly config: GatewayConfig,
    readonly logger: Logger,
    now: () => number = Date.now,
  ) {
    this.agent = createUpstreamAgent(config.UPSTREAM_MAX_SOCKETS, config.UPSTREAM_IDLE_TIMEOUT_MS);
    this.pools = new ServicePools({ maxConnections: config.UPSTREAM_MAX_SOCKETS, idleTimeoutMs: config.UPSTREAM_IDLE_TIMEOUT_MS });
    this.sessions = new SessionResolver(
      config.IDENTITY_URL,
      config.INTERNAL_AUTH_PRIVATE_KEY,
      this.agent,
      config.SESSION_CACHE_TTL_MS,
      Date.now,
      config.SESSION_LOOKUP_TIMEOUT_MS,
    );
    this.sessions.cookieName = sessionCookieName(config.PUBLIC_URL);
    this.rateLimiter = new RateLimiter(
      {
        redisUrl: config.REDIS_URL,
        keyPrefix: config.REDIS_PREFIX,
        perMinute: {
          reads: config.RATE_LIMIT_READS_PER_MINUTE,
          writes: config.RATE_LIMIT_WRITES_PER_MINUTE,
          login: config.RATE_LIMIT_LOGIN_PER_MINUTE,
          webhook: config.RATE_LIMIT_WEBHOOK_PER_MINUTE,
          reviewUploads: config.RATE_LIMIT_REVIEW_UPLOADS_PER_MINUTE,
          hunterPhotoUploads: config.RATE_LIMIT_HUNTER_PHOTO_UPLOADS_PER_MINUTE,
          editPhotoUploads: config.RATE_LIMIT_EDIT_PHOTO_UPLOADS_PER_MINUTE,
          bookingPhotoUploads: config.RATE_LIMIT_BOOKING_PHOTO_UPLOADS_PER_MINUTE,
          avatarUploads: config.RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE,
          brandImageUploads: config.RATE_LIMIT_BRAND_IMAGE_UPLOADS_PER_MINUTE,
        },
        contactPerHour: { perClient: config.RATE_LIMIT_CONTACT_PER_HOUR, total: config.RATE_LIMIT_CONTACT_TOTAL_PER_HOUR },
        socketUpgradesPerMinute: {
          perMember: config.RATE_LIMIT_SOCKET_UPGRADES_PER_MINUTE,
          perAddress: config.RATE_LIMIT_SOCKET_UPGRADES_PER_ADDRESS_PER_MINUTE,
        },
      },
      logger,
    );
    this.socketSlots = new SocketSlots(
      {
        redisUrl: config.REDIS_URL,
        keyPrefix: config.REDIS_PREFIX,
        perMember: config.SOCKETS_PER_MEMBER,
        perAddress: config.SOCKETS_PER_ADDRESS,
        ttlMs: config.SOCKET_COUNT_TTL_MS,
      },
      logger,
    );
    this.microCache = new MicroCache({ ...DEFAULT_MICRO_CACHE_LIMITS, ttlMs: config.MICRO_CACHE_TTL_MS }, now);
    this.edge = new EdgeProxy({
      config,
      pools: this.pools,
      agent: this.agent,
      sessions: this.sessions,
      rateLimiter: this.rateLimiter,
      socketSlots: this.socketSlots,
      logger,
      microCache: this.microCache,
    });
    this.dependencies = new GatewayDependencies(this, logger);
    this.pages = new SitePages(config, this.agent, logger);
    this.opsServer = createGatewayOpsServer(this.dependencies, this.metrics);
  }

  async close(): Promise<void> {
    if (this.opsServer.listening) {
      this.opsServer.closeAllConnections();
      await new Promise((resolve) => this.opsServer.close(resolve));
    }
    this.edge.closeUpgradedSockets();
    await this.socketSlots.close();
    await this.rateLimiter.close();
    this.agent.destroy();
    await this.pools.close();
  }
}
