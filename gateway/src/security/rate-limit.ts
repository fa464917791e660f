import ipaddr from 'ipaddr.js';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { UPLOAD_RATE_CLASSES, type RateLimitClass, type UploadRateClass } from '../routes.js';
import { BatchedBudget } from './batched-budget.js';

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests — please wait a moment and try again.';
export const TOO_MANY_CONTACT_MESSAGES = 'Too many messages have been sent just now — please try again later.';
export const TOO_MANY_UPLOADS_MESSAGE = 'Too many uploads in a minute — please wait a moment and try again.';

/** What a refused request is told: the contact form's and the uploads' budgets have words of their own. */
export function tooManyMessageOf(kind: RateLimitClass): string {
  if (kind === 'contact') return TOO_MANY_CONTACT_MESSAGES;
  return (UPLOAD_RATE_CLASSES as readonly RateLimitClass[]).includes(kind) ? TOO_MANY_UPLOADS_MESSAGE : TOO_MANY_REQUESTS_MESSAGE;
}

/** A limiter call slower than this is treated like Redis being down: the request goes through. */
const REDIS_DECISION_TIMEOUT_MS = 250;
/** Redis failures are logged at most this often, so an outage does not flood the log. */
const OUTAGE_LOG_INTERVAL_MS = 30_000;
/** The one key of the contact form's budget shared by everyone. */
const EVERYONE = 'everyone';

export type CountedClass = Exclude<RateLimitClass, 'none'>;
/** The budgets counted per minute (the contact form's are per hour). */
type PerMinuteClass = Exclude<CountedClass, 'contact' | 'sockets'>;
/** The budgets nearly every request spends, counted in batches (security/batched-budget.ts). */
type BatchedClass = Extract<PerMinuteClass, 'reads' | 'writes'>;
const isBatched = (kind: RateLimitClass): kind is BatchedClass => kind === 'reads' || kind === 'writes';

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimitSettings {
  redisUrl: string;
  keyPrefix: string;
  perMinute: Record<PerMinuteClass, number>;
  contactPerHour: { perClient: number; total: number };
  /** socket.io's budget (every websocket upgrade): per member, and per address whoever's. */
  socketUpgradesPerMinute: { perMember: number; perAddress: number };
}

/** Who spends a budget: a signed-in user (whatever address they come from) or a guest's address. */
export interface RateLimitSubject {
  userId: string | null;
  clientIp: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Budgets of what a route takes in: its reads are ordinary reads. */
const UNSAFE_METHODS_ONLY = new Set<RateLimitClass>(['contact', ...UPLOAD_RATE_CLASSES]);

/** The budget a request spends: the route's own class, else reads for safe methods and writes for the rest. */
export function rateLimitClassOf(method: string, routeClass: RateLimitClass | undefined): RateLimitClass {
  const safe = SAFE_METHODS.has(method);
  if (routeClass !== undefined && UNSAFE_METHODS_ONLY.has(routeClass) && safe) return 'reads';
  return routeClass ?? (safe ? 'reads' : 'writes');
}

/**
 * The key of a client address: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4 form), an IPv6
 * address as its /64 — one household's or office's network, where each device picks its own addresses at will.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return `ip:${ip}`;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return `ip:${address.toString()}`;
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `ip6:${network.join(':')}::/64`;
}

/**
 * The key a request's budget is counted under. Sign-in is counted per address (it is a guest's action), the
 * contact form and webhook deliveries per address (their own rules); otherwise a signed-in user has their own budget wherever they are, so
 * colleagues behind one office address do not share one, and a guest is counted per address.
 */
export function rateLimitKeyOf(kind: CountedClass, subject: RateLimitSubject): string {
  if (subject.userId !== null && kind !== 'login' && kind !== 'contact' && kind !== 'webhook') return `user:${subject.userId}`;
  return addressKey(subject.clientIp);
}

/** The promise's outcome, or a rejection once `ms` have passed; the timer is cleared either way. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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

const refused = (outcome: RateLimiterRes): RateLimitDecision => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)),
});

/**
 * Counters in Redis, so limits hold across gateway replicas. Fails open: when Redis is away the site keeps
 * working without limits (and says so in the log) rather than refusing every visitor.
 */
export class RateLimiter {
  private readonly redis: Redis;
  private readonly limiters: Record<Exclude<PerMinuteClass, BatchedClass>, RateLimiterRedis>;
  private readonly batched: Record<BatchedClass, BatchedBudget>;
  private readonly contactPerClient: RateLimiterRedis;
  private readonly contactTotal: RateLimiterRedis;
  private readonly socketsPerMember: RateLimiterRedis;
  private readonly socketsPerAddress: RateLimiterRedis;
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
    const make = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${settings.keyPrefix}gateway:rate:${name}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
      });
    // Sign-in, webhooks and uploads are counted in Redis on every request: small budgets, where every attempt matters.
    const uploads = Object.fromEntries(
      UPLOAD_RATE_CLASSES.map((kind) => [kind, make(kind, settings.perMinute[kind], 60)]),
    ) as Record<UploadRateClass, RateLimiterRedis>;
    this.limiters = {
      login: make('login', settings.perMinute.login, 60),
      webhook: make('webhook', settings.perMinute.webhook, 60),
      ...uploads,
    };
    const batched = (name: BatchedClass) =>
      new BatchedBudget(make(name, settings.perMinute[name], 60), settings.perMinute[name], { onFlushError: (error) => this.logOutage(error) });
    this.batched = { reads: batched('reads'), writes: batched('writes') };
    this.contactPerClient = make('contact', settings.contactPerHour.perClient, 3600);
    this.contactTotal = make('contact-total', settings.contactPerHour.total, 3600);
    this.socketsPerMember = make('sockets', settings.socketUpgradesPerMinute.perMember, 60);
    this.socketsPerAddress = make('sockets-address', settings.socketUpgradesPerMinute.perAddress, 60);
  }

  async consume(kind: RateLimitClass, subject: RateLimitSubject): Promise<RateLimitDecision> {
    if (kind === 'none') return { allowed: true };
    const key = rateLimitKeyOf(kind, subject);
    if (isBatched(kind) && this.batched[kind].countLocally(key)) return { allowed: true };
    try {
      if (kind === 'sockets') return await within(this.consumeSockets(subject), REDIS_DECISION_TIMEOUT_MS, 'rate limiter');
      if (kind !== 'contact') {
        const counted: Promise<unknown> = isBatched(kind) ? this.batched[kind].consume(key) : this.limiters[kind].consume(key);
        await within(counted, REDIS_DECISION_TIMEOUT_MS, 'rate limiter');
        return { allowed: true };
      }
      return await within(this.consumeContact(key), REDIS_DECISION_TIMEOUT_MS, 'rate limiter');
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return refused(outcome);
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
    // What was counted here since the last flush reaches Redis before the connection goes (a bounded wait).
    await within(Promise.all([this.batched.reads.close(), this.batched.writes.close()]), 1_000, 'the last rate-limit flush').catch(() => undefined);
    this.redis.disconnect();
  }

  /**
   * A member's own budget, then their address's (which guests spend too): many accounts, or a guest's flood of
   * refused upgrades, from one place are bounded as well as one member's tabs.
   */
  private async consumeSockets(subject: RateLimitSubject): Promise<RateLimitDecision> {
    if (subject.userId !== null) await this.socketsPerMember.consume(`user:${subject.userId}`);
    await this.socketsPerAddress.consume(addressKey(subject.clientIp));
    return { allowed: true };
  }

  /** The sender's own hourly budget, then everyone's; a message refused by the second is given back to the first. */
  private async consumeContact(key: string): Promise<RateLimitDecision> {
    await this.contactPerClient.consume(key);
    try {
      await this.contactTotal.consume(EVERYONE);
      return { allowed: true };
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) await this.contactPerClient.reward(key, 1);
      throw outcome;
    }
  }

  private logOutage(error: unknown): void {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return;
    this.lastOutageLog = now;
    this.logger.warn({ err: error }, 'rate limiting is off while Redis is unreachable; requests are let through');
  }
}
