import type http from 'node:http';
import type { Logger } from 'pino';
import { SessionResolver } from './auth/session-resolver.js';
import type { GatewayConfig } from './config.js';
import { EdgeProxy } from './proxy/edge-proxy.js';
import { RateLimiter } from './security/rate-limit.js';
import { createUpstreamAgent } from './upstream-agent.js';

export const GATEWAY_RUNTIME = Symbol('GATEWAY_RUNTIME');

/** The gateway's long-lived parts, built once from configuration and closed together on shutdown. */
export class GatewayRuntime {
  readonly agent: http.Agent;
  readonly sessions: SessionResolver;
  readonly rateLimiter: RateLimiter;
  readonly edge: EdgeProxy;

  constructor(
    readonly config: GatewayConfig,
    readonly logger: Logger,
  ) {
    this.agent = createUpstreamAgent(config.UPSTREAM_MAX_SOCKETS);
    this.sessions = new SessionResolver(config.IDENTITY_URL, config.INTERNAL_AUTH_SECRET, this.agent, config.SESSION_CACHE_TTL_MS);
    this.rateLimiter = new RateLimiter(
      {
        redisUrl: config.REDIS_URL,
        keyPrefix: config.REDIS_PREFIX,
        perMinute: {
          reads: config.RATE_LIMIT_READS_PER_MINUTE,
          writes: config.RATE_LIMIT_WRITES_PER_MINUTE,
          login: config.RATE_LIMIT_LOGIN_PER_MINUTE,
        },
      },
      logger,
    );
    this.edge = new EdgeProxy({ config, agent: this.agent, sessions: this.sessions, rateLimiter: this.rateLimiter, logger });
  }

  async close(): Promise<void> {
    this.edge.closeUpgradedSockets();
    await this.rateLimiter.close();
    this.agent.destroy();
  }
}
