import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { streamOfEventType, streamsPublishedBy, type EventType, type IntegrationEvent } from '@hunted/contracts';
import { Redis } from 'ioredis';
import type { DataSource, EntitySubscriberInterface } from 'typeorm';
import { closeRedis } from '../redis/redis.js';
import { errorMessage, jitteredBackoffMs, WakeableSleep } from './backoff.js';
import { OUTBOX_WRITTEN } from './event-publisher.js';
import { inRelaySpan } from './event-spans.js';
import { OutboxEntry } from './outbox.entity.js';
import { redisPruneCutoffMs, trimStreamBefore } from './retention.js';
import { toStreamFields } from './stream-entry.js';
import { tableOf } from './tables.js';

export interface OutboxRelayOptions {
  /** How often other replicas' (and missed) outbox rows are looked for; a local commit wakes the relay at once. */
  pollIntervalMs: number;
  batchSize: number;
  /** First wait after Redis or PostgreSQL failed; doubles per failure up to maxBackoffMs, with jitter. */
  retryBaseMs: number;
  maxBackoffMs: number;
  /**
   * EVENT_RETENTION_DAYS: published outbox rows are kept this long (for inspection), then deleted; the
   * service's stream keeps entries this long (MINID on every XADD, and an exact trim at each prune).
   */
  retentionMs: number;
  pruneIntervalMs: number;
}

export const DEFAULT_OUTBOX_RELAY_OPTIONS: OutboxRelayOptions = {
  pollIntervalMs: 200,
  batchSize: 100,
  retryBaseMs: 200,
  maxBackoffMs: 5_000,
  retentionMs: 7 * 24 * 3_600_000,
  pruneIntervalMs: 3_600_000,
};

export interface OutboxRelayTarget {
  service: string;
  redisUrl: string;
  /** Prepended to every stream name (REDIS_PREFIX). */
  redisPrefix: string;
}

interface OutboxRow {
  id: string;
  type: string;
  version: number;
  occurred_at: Date;
  data: unknown;
  traceparent: string | null;
}

class RelayFailure extends Error {}

/**
 * Moves committed outbox rows to their Redis stream. Rows are locked with FOR UPDATE SKIP LOCKED, so replicas
 * share the work, and marked published in the same transaction as they are sent: a crash after XADD but before
 * the commit publishes a row twice, which consumers absorb through their inbox; nothing is ever lost.
 */
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly options: OutboxRelayOptions;
  private readonly sleeper = new WakeableSleep();
  private redis: Redis | null = null;
  private running = false;
  private backingOff = false;
  private loop: Promise<void> | null = null;
  private nextPruneAt = 0;
  private readonly commitListener: EntitySubscriberInterface = {
    afterTransactionCommit: (event) => {
      if (!event.queryRunner.data?.[OUTBOX_WRITTEN]) return;
      delete event.queryRunner.data[OUTBOX_WRITTEN];
      this.nudge();
    },
    afterTransactionRollback: (event) => {
      delete event.queryRunner.data?.[OUTBOX_WRITTEN];
    },
  };

  constructor(
    private readonly dataSource: DataSource,
    private readonly target: OutboxRelayTarget,
    options: Partial<OutboxRelayOptions> = {},
  ) {
    this.options = { ...DEFAULT_OUTBOX_RELAY_OPTIONS, ...options };
    this.logger = new Logger(`OutboxRelay:${target.service}`);
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.redis = this.createRedis();
    this.dataSource.subscribers.push(this.commitListener);
    this.loop = this.run();
  }

  /** Finishes the batch in flight, then stops; unsent rows stay in the outbox for the next start. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.sleeper.interrupt();
    await this.loop;
    const index = this.dataSource.subscribers.indexOf(this.commitListener);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
    await closeRedis(this.redis);
    this.redis = null;
  }

  /** Look at the outbox now rather than at the next poll. */
  nudge(): void {
    if (!this.backingOff) this.sleeper.interrupt();
  }

  private createRedis(): Redis {
    // No offline queue: while Redis is away an XADD must fail at once, not hang inside the row-locking transaction.
    const redis = new Redis(this.target.redisUrl, {
      connectionName: `${this.target.service}:outbox-relay`,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 5_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    // ioredis reports every failed reconnect; the relay loop already logs the outage once per backoff step.
    redis.on('error', () => undefined);
    return redis;
  }

  private async run(): Promise<void> {
    // A first batch before the connection is up would only fail and warn at every start.
    await this.firstConnection(2_000);
    let failures = 0;
    while (this.running) {
      let sent: number;
      try {
        sent = await this.relayBatch();
        if (failures > 0) this.logger.log(`outbox relay resumed after ${failures} failed attempt(s)`);
        failures = 0;
        await this.pruneWhenDue();
      } catch (error) {
        failures += 1;
        const wait = jitteredBackoffMs(failures, this.options.retryBaseMs, this.options.maxBackoffMs);
        // Once at the start of an outage and then every tenth try, so a long outage does not flood the log.
        if (failures % 10 === 1) {
          this.logger.warn(`outbox relay failed (attempt ${failures}), unsent events stay in the outbox, retrying in ${wait} ms: ${errorMessage(error)}`);
        }
        this.backingOff = true;
        await this.sleeper.sleep(wait);
        this.backingOff = false;
        continue;
      }
      if (sent < this.options.batchSize && this.running) await this.sleeper.sleep(this.options.pollIntervalMs);
    }
  }

  private firstConnection(timeoutMs: number): Promise<void> {
    const redis = this.redis;
    if (!redis || redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private async relayBatch(): Promise<number> {
    const redis = this.redis;
    if (!redis) return 0;
    const outcome = await this.dataSource.transaction(async (manager) => {
      const table = tableOf(manager, OutboxEntry);
      const rows: OutboxRow[] = await manager.query(
        `select id, type, version, occurred_at, data, traceparent from ${table}
          where published_at is null order by seq limit $1 for update skip locked`,
        [this.options.batchSize],
      );
      const sent: string[] = [];
      // Entries older than the retention go as new ones arrive; `~` lets Redis drop whole nodes only, cheaply.
      const minId = String(Math.max(0, Date.now() - this.options.retentionMs));
      let failure: { id: string; message: string } | null = null;
      // One at a time, stopping at the first failure, so a stream never receives a later event before an earlier one.
      for (const row of rows) {
        const event = {
          id: row.id,
          type: row.type as EventType,
          version: row.version,
          occurredAt: row.occurred_at.toISOString(),
          data: row.data,
          ...(row.traceparent ? { traceparent: row.traceparent } : {}),
        } as IntegrationEvent;
        try {
          // In the event's trace when tracing is on (a span under its publish span); a plain XADD when it is off.
          await inRelaySpan(event, this.target.service, () =>
            redis.xadd(this.target.redisPrefix + streamOfEventType(event.type), 'MINID', '~', minId, '*', ...toStreamFields(event)),
          );
          sent.push(row.id);
        } catch (error) {
          failure = { id: row.id, message: errorMessage(error) };
          break;
        }
      }
      if (sent.length > 0) {
        await manager.query(`update ${table} set published_at = now(), attempts = attempts + 1 where id = any($1::uuid[])`, [sent]);
      }
      if (failure) {
        await manager.query(`update ${table} set attempts = attempts + 1, last_error = $2 where id = $1`, [failure.id, failure.message]);
      }
      return { sent: sent.length, failure };
    });
    if (outcome.failure) throw new RelayFailure(`could not add event ${outcome.failure.id} to its stream: ${outcome.failure.message}`);
    return outcome.sent;
  }

  private async pruneWhenDue(): Promise<void> {
    const now = Date.now();
    if (now < this.nextPruneAt) return;
    try {
      const manager = this.dataSource.manager;
      await manager.query(
        `delete from ${tableOf(manager, OutboxEntry)} where published_at < now() - make_interval(secs => $1)`,
        [this.options.retentionMs / 1000],
      );
      // A stream that receives nothing new is never trimmed by XADD, and `~` leaves part of a node behind: this
      // exact trim is what guarantees no entry (and no email in one) outlives the retention.
      if (this.redis) {
        const cutoff = redisPruneCutoffMs(now, this.options.retentionMs, this.options.pruneIntervalMs);
        for (const stream of this.ownStreams) await trimStreamBefore(this.redis, stream, cutoff);
      }
      this.nextPruneAt = now + this.options.pruneIntervalMs;
    } catch (error) {
      // Not a relay failure: sending goes on; the prune is tried again within a minute.
      this.nextPruneAt = now + Math.min(this.options.pruneIntervalMs, 60_000);
      this.logger.warn(`pruning the outbox and the stream failed, will try again: ${errorMessage(error)}`);
    }
  }

  /** The streams this service publishes to: its own (every type it may publish starts with its name) and its private ones. */
  private get ownStreams(): string[] {
    return streamsPublishedBy(this.target.service).map((stream) => this.target.redisPrefix + stream);
  }
}
