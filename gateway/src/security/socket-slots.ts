import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { addressKey, within } from './rate-limit.js';

/** A count slower than this is treated like Redis being down: the socket is let through. */
const REDIS_DECISION_TIMEOUT_MS = 250;
const OUTAGE_LOG_INTERVAL_MS = 30_000;

export const TOO_MANY_SOCKETS_MESSAGE = 'You have too many Hunted tabs or windows open — close one and try again.';

export interface SocketSlotSettings {
  redisUrl: string;
  keyPrefix: string;
  perMember: number;
  perAddress: number;
  /** How long a place lasts unless renewed; renewed every third of it while the socket is open. */
  ttlMs: number;
}

export type SlotDecision = { allowed: true; release: () => void } | { allowed: false; over: 'member' | 'address' };

interface HeldSlot {
  memberKey: string;
  addressKey: string;
}

/**
 * Each open socket is a member of two sorted sets, its member's and its address's, scored by when its place
 * expires. Taking a place drops the expired ones, counts, and adds; all in one script, so two gateways taking the
 * last place at once cannot both get it. The clock is Redis's, so gateways' clocks need not agree.
 */
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 2 end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[2], ttl)
return 0`;

/** Pushes an open socket's expiry on (adding it back if Redis lost it, e.g. after an outage: the socket is open). */
const RENEW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[2], ttl)
return 0`;

type SlotCommands = {
  takeSocketSlot(memberKey: string, addressKey: string, id: string, perMember: number, perAddress: number, ttlMs: number): Promise<number>;
  renewSocketSlot(memberKey: string, addressKey: string, id: string, ttlMs: number): Promise<number>;
};

/**
 * Open sockets per member and per address, counted in Redis so the caps hold across gateway replicas. Places
 * expire unless the gateway holding the socket renews them, so a gateway that dies (and never says its sockets
 * closed) leaks nothing for longer than the TTL. Fails open like the rate limiter: while Redis is away sockets are
 * let through, and their places are written when it is back (the renewal adds them).
 */
export class SocketSlots {
  private readonly redis: Redis & SlotCommands;
  private readonly held = new Map<string, HeldSlot>();
  private renewTimer: NodeJS.Timeout | undefined;
  private lastOutageLog = 0;

  constructor(
    private readonly settings: SocketSlotSettings,
    private readonly logger: Logger,
  ) {
    this.redis = new Redis(settings.redisUrl, {
      connectionName: 'gateway-socket-slots',
      enableOfflineQueue: false,
      enableAutoPipelining: true,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    }) as Redis & SlotCommands;
    this.redis.on('error', (error) => this.logOutage(error));
    this.redis.defineCommand('takeSocketSlot', { numberOfKeys: 2, lua: TAKE_SCRIPT });
    this.redis.defineCommand('renewSocketSlot', { numberOfKeys: 2, lua: RENEW_SCRIPT });
    this.renewTimer = setInterval(() => void this.renewAll(), Math.max(250, Math.floor(settings.ttlMs / 3)));
    this.renewTimer.unref();
  }

  /** A place for one more socket of this member from this address, or which cap it is over. */
  async acquire(userId: string, clientIp: string): Promise<SlotDecision> {
    const slot: HeldSlot = {
      memberKey: `${this.settings.keyPrefix}gateway:sockets:user:${userId}`,
      addressKey: `${this.settings.keyPrefix}gateway:sockets:${addressKey(clientIp)}`,
    };
    const id = randomUUID();
    const { perMember, perAddress, ttlMs } = this.settings;
    try {
      const outcome = await within(
        this.redis.takeSocketSlot(slot.memberKey, slot.addressKey, id, perMember, perAddress, ttlMs),
        REDIS_DECISION_TIMEOUT_MS,
        'counting sockets',
      );
      if (outcome === 1) return { allowed: false, over: 'member' };
      if (outcome === 2) return { allowed: false, over: 'address' };
    } catch (error) {
      this.logOutage(error);
    }
    this.held.set(id, slot);
    return { allowed: true, release: () => void this.release(id) };
  }

  /** Stops renewing places, as a gateway that died would (tests). */
  stopRenewing(): void {
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }

  async close(): Promise<void> {
    this.stopRenewing();
    await Promise.allSettled([...this.held.keys()].map((id) => this.release(id)));
    this.redis.disconnect();
  }

  /** Gives the place back (once; a second call does nothing). */
  private async release(id: string): Promise<void> {
    const slot = this.held.get(id);
    if (!slot) return;
    this.held.delete(id);
    try {
      await within(Promise.all([this.redis.zrem(slot.memberKey, id), this.redis.zrem(slot.addressKey, id)]), REDIS_DECISION_TIMEOUT_MS, 'releasing a socket');
    } catch (error) {
      // Not given back: the place expires after the TTL instead.
      this.logOutage(error);
    }
  }

  private async renewAll(): Promise<void> {
    const renewals = [...this.held].map(([id, slot]) => this.redis.renewSocketSlot(slot.memberKey, slot.addressKey, id, this.settings.ttlMs));
    const failed = (await Promise.allSettled(renewals)).find((outcome) => outcome.status === 'rejected');
    if (failed) this.logOutage(failed.reason);
  }

  private logOutage(error: unknown): void {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return;
    this.lastOutageLog = now;
    this.logger.warn({ err: error }, 'open sockets are not counted while Redis is unreachable; upgrades are let through');
  }
}
