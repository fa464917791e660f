import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitClass } from '../routes.js';

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests — please wait a moment and try again.';

/** A limiter call slower than this is treated like Redis being down: the request goes through. */
const REDIS_DECISION_TIMEOUT_MS = 250;
/** Redis failures are logged at most this often, so an outage does not flood the log. */
const OUTAGE_LOG_INTERVAL_MS = 30_000;

export type CountedClass = Exclude<RateLimitClass, 'none'>;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimitSettings {
  redisUrl: string;
  keyPrefix: string;
  perMinute: Record<CountedClass, number>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The budget a request spends: the route's own class, else reads for safe methods and writes for the rest. */
export function rateLimitClassOf(method: string, routeClass: RateLimitClass | undefined): RateLimitClass {
  return routeClass ?? (SAFE_METHODS.has(method) ? 'reads' : 'writes');
}

/** The promise's outcome, or a rejection once `ms` have passed; the timer is cleared either way. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Per-client-IP counters in Redis, so limits hold across gateway replicas. Fails open: when Redis is away the
 * site keeps working without limits (and says so in the log) rather than refusing every visitor.
 */
export class RateLimiter {
  private readonly redis: Redis;
  private readonly limiters: Record<CountedClass, RateLimiterRedis>;
  private lastOutageLog = 0;

  constructor(
    settings: RateLimitSettings,
    private readonly logger: Logger,
  ) {
    // No offline queue: while Redis is down a command fails at once instead of waiting for a reconnect.
    this.redis = new Redis(settings.redisUrl, {
      connectionName: 'gateway-rate-limit',
      enableOfflineQueue: false,
      // Concurrent requests' counter updates share one round trip.
      enableAutoPipelining: true,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    this.redis.on('error', (error) => this.logOutage(error));
    const make = (kind: CountedClass) =>
      new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${settings.keyPrefix}gateway:rate:${kind}`,
        points: settings.perMinute[kind],
        duration: 60,
        rejectIfRedisNotReady: true,
      });
    this.limiters = { reads: make('reads'), writes: make('writes'), login: make('login') };
  }

  async consume(kind: RateLimitClass, clientIp: string): Promise<RateLimitDecision> {
    if (kind === 'none') return { allowed: true };
    try {
      await within(this.limiters[kind].consume(clientIp), REDIS_DECISION_TIMEOUT_MS, 'rate limiter');
      return { allowed: true };
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
      }
      this.logOutage(outcome);
      return { allowed: true };
    }
  }

  async ping(): Promise<boolean> {
    try {
      return (await within(this.redis.ping(), 1_000, 'Redis PING')) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private logOutage(error: unknown): void {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return;
    this.lastOutageLog = now;
    this.logger.warn({ err: error }, 'rate limiting is off while Redis is unreachable; requests are let through');
  }
}
