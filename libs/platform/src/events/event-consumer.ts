import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { deadLetterStreamOf, streamOfEventType, type EventType, type IntegrationEvent } from '@hunted/contracts';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { backoffMs, errorMessage, WakeableSleep } from './backoff.js';
import type { EventHandler } from './event-handler.js';
import { InboxEntry } from './inbox.entity.js';
import { withTimeout } from '../redis/redis.js';
import { fieldsToRecord, fromStreamFields, UnreadableEventError } from './stream-entry.js';
import { tableOf } from './tables.js';

export interface EventConsumerOptions {
  /** Entries read per XREADGROUP call. */
  batchSize: number;
  /** Longest a read waits for new entries before the loop looks for stuck ones again. */
  blockMs: number;
  /** An entry delivered to some consumer and unacknowledged this long is taken over (its consumer likely died). */
  claimIdleMs: number;
  claimIntervalMs: number;
  /** Wait before a failed entry is tried again. */
  retryDelayMs: number;
  /** Deliveries after which a failing entry goes to the dead-letter stream. */
  maxAttempts: number;
  /** How long stop() waits for the event in hand before cutting the connections. */
  shutdownTimeoutMs: number;
}

export const DEFAULT_EVENT_CONSUMER_OPTIONS: EventConsumerOptions = {
  batchSize: 10,
  blockMs: 2_000,
  claimIdleMs: 30_000,
  claimIntervalMs: 5_000,
  retryDelayMs: 1_000,
  maxAttempts: 5,
  shutdownTimeoutMs: 10_000,
};

export interface EventConsumerTarget {
  /** The consuming service: its consumer group and its dead-letter stream. */
  service: string;
  redisUrl: string;
  /** Prepended to every stream name (REDIS_PREFIX). */
  redisPrefix: string;
}

type StreamEntry = [id: string, fields: string[] | null];
type ReadReply = [stream: string, entries: StreamEntry[]][] | null;
type Outcome = 'done' | 'retry';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads the streams of the event types a service handles, with the service's consumer group, and applies each
 * event exactly once in effect: the handler's writes and the inbox row commit together, then the entry is
 * acknowledged. A redelivered event finds its inbox row and is only acknowledged. Entries left by a dead
 * consumer are reclaimed; an entry that keeps failing is moved to the service's dead-letter stream.
 */
export class EventConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly consumerName: string;
  readonly group: string;
  private readonly logger: Logger;
  private readonly options: EventConsumerOptions;
  private readonly handlers = new Map<string, EventHandler>();
  private readonly streams: string[];
  private readonly sleeper = new WakeableSleep();
  /** Blocking reads only: a blocked connection cannot serve anything else. */
  private reader: Redis | null = null;
  /** Acknowledgements, claims, dead-lettering and unblocking the reader. */
  private commands: Redis | null = null;
  private readerId: number | null = null;
  private reading = false;
  private running = false;
  private loop: Promise<void> | null = null;
  /** Rejects when stop() gives up waiting, so no Redis call queued during an outage keeps the loop alive. */
  private aborted: Promise<never> = new Promise<never>(() => undefined);
  private abort: (reason: Error) => void = () => undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly target: EventConsumerTarget,
    handlers: EventHandler[],
    options: Partial<EventConsumerOptions> = {},
  ) {
    this.options = { ...DEFAULT_EVENT_CONSUMER_OPTIONS, ...options };
    this.group = target.service;
    this.consumerName = `${target.service}:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.logger = new Logger(`EventConsumer:${target.service}`);
    for (const handler of handlers) {
      const existing = this.handlers.get(handler.type);
      if (existing) {
        throw new Error(`${handler.type} has two handlers (${existing.constructor.name}, ${handler.constructor.name}); register one per event type`);
      }
      this.handlers.set(handler.type, handler);
    }
    this.streams = [...new Set([...this.handlers.keys()].map((type) => this.prefixed(streamOfEventType(type as EventType))))];
  }

  /** The (prefixed) streams this consumer reads. */
  get streamNames(): readonly string[] {
    return this.streams;
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.running || this.streams.length === 0) return;
    this.running = true;
    this.aborted = new Promise<never>((_, reject) => (this.abort = reject));
    this.aborted.catch(() => undefined);
    this.reader = this.createRedis('reader');
    this.commands = this.createRedis('commands');
    this.reader.on('ready', () => {
      this.reader?.client('ID').then(
        (id) => (this.readerId = Number(id)),
        () => (this.readerId = null),
      );
    });
    this.loop = this.run();
  }

  /** Finishes the event in hand, reads nothing more, and closes its connections. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.sleeper.interrupt();
    const loop = this.loop ?? Promise.resolve();
    // With Redis away, queued commands would wait for its return; the event in hand is finished either way.
    if (!(await this.unblockReader()) || this.commands?.status !== 'ready') this.abort(new Error('consumer stopped'));
    const finished = await Promise.race([loop.then(() => true), delay(this.options.shutdownTimeoutMs).then(() => false)]);
    if (!finished) {
      this.logger.warn(`consumer ${this.consumerName} did not stop within ${this.options.shutdownTimeoutMs} ms; its unacknowledged entries will be reclaimed`);
      this.abort(new Error('consumer stopped'));
    }
    await loop.catch(() => undefined);
    if (this.commands?.status === 'ready') {
      await withTimeout(this.forgetConsumerIfIdle(), 1_000).catch(() => undefined);
      await withTimeout(Promise.all([this.reader?.quit(), this.commands.quit()]), 1_000).catch(() => undefined);
    }
    this.reader?.disconnect();
    this.commands?.disconnect();
    this.reader = this.commands = null;
  }

  /**
   * Applies an event and records it in the inbox, in one transaction. Returns false, changing nothing, when the
   * inbox shows it was applied before.
   */
  async apply(event: IntegrationEvent): Promise<boolean> {
    const handler = this.handlers.get(event.type);
    if (!handler) throw new Error(`${this.target.service} has no handler for ${event.type}`);
    return this.dataSource.transaction(async (manager) => {
      // A concurrent delivery of the same event waits here on the primary key until this one commits, then skips.
      const inserted: unknown[] = await manager.query(
        `insert into ${tableOf(manager, InboxEntry)} (event_id, type) values ($1, $2) on conflict (event_id) do nothing returning event_id`,
        [event.id, event.type],
      );
      if (inserted.length === 0) return false;
      await handler.handle(event, manager);
      return true;
    });
  }

  private prefixed(stream: string): string {
    return this.target.redisPrefix + stream;
  }

  private createRedis(role: string): Redis {
    const redis = new Redis(this.target.redisUrl, {
      connectionName: `${this.target.service}:events-${role}`,
      // Commands wait for Redis to come back rather than fail: an outage delays events, it does not drop them.
      maxRetriesPerRequest: null,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    let down = false;
    redis.on('error', (error: Error) => {
      if (!down && this.running) this.logger.warn(`redis ${role} connection lost, retrying: ${error.message}`);
      down = true;
    });
    redis.on('ready', () => {
      if (down) this.logger.log(`redis ${role} connection back`);
      down = false;
    });
    return redis;
  }

  private async run(): Promise<void> {
    let failures = 0;
    let groupsReady = false;
    let nextClaimAt = 0;
    // Entries delivered to this consumer and not acknowledged (a failed attempt) are retried from this time on.
    let retryAt: number | null = 0;
    while (this.running) {
      try {
        if (!groupsReady) {
          await this.ensureGroups();
          groupsReady = true;
        }
        if (Date.now() >= nextClaimAt) {
          const failed = await this.reclaim();
          nextClaimAt = Date.now() + this.options.claimIntervalMs;
          if (failed) retryAt ??= Date.now() + this.options.retryDelayMs;
          continue;
        }
        if (retryAt !== null && Date.now() >= retryAt) {
          retryAt = await this.retryOwnPending();
          continue;
        }
        const wakeAt = Math.min(nextClaimAt, retryAt ?? Number.POSITIVE_INFINITY);
        const block = Math.max(1, Math.min(this.options.blockMs, wakeAt - Date.now()));
        const reply = await this.read('>', block);
        if (await this.processReply(reply, 1)) retryAt ??= Date.now() + this.options.retryDelayMs;
        failures = 0;
      } catch (error) {
        if (!this.running) break;
        if (errorMessage(error).includes('NOGROUP')) groupsReady = false;
        failures += 1;
        const wait = backoffMs(failures, 200, 5_000);
        this.logger.warn(`event consumer failed (attempt ${failures}), retrying in ${wait} ms: ${errorMessage(error)}`);
        await this.sleeper.sleep(wait);
      }
    }
  }

  private async ensureGroups(): Promise<void> {
    for (const stream of this.streams) {
      try {
        // From '0' so events written before this service ever ran are read too.
        await this.redisCall(this.commands!.xgroup('CREATE', stream, this.group, '0', 'MKSTREAM'));
      } catch (error) {
        if (!errorMessage(error).includes('BUSYGROUP')) throw error;
      }
    }
  }

  private async read(id: '>' | '0', blockMs?: number): Promise<ReadReply> {
    const args: (string | number)[] = ['GROUP', this.group, this.consumerName, 'COUNT', this.options.batchSize];
    if (blockMs !== undefined) args.push('BLOCK', blockMs);
    args.push('STREAMS', ...this.streams, ...this.streams.map(() => id));
    this.reading = true;
    try {
      return (await this.redisCall(this.reader!.call('XREADGROUP', ...args))) as ReadReply;
    } finally {
      this.reading = false;
    }
  }

  /** Processes what a read returned; true when some entry failed and waits for a retry. */
  private async processReply(reply: ReadReply, deliveries?: number): Promise<boolean> {
    let failed = false;
    for (const [stream, entries] of reply ?? []) {
      for (const [id, fields] of entries) {
        if (!this.running) return failed;
        if ((await this.processEntry(stream, id, fields, deliveries)) === 'retry') failed = true;
      }
    }
    return failed;
  }

  /** Re-reads this consumer's own unacknowledged entries; returns when to look again, or null when none are left. */
  private async retryOwnPending(): Promise<number | null> {
    const reply = await this.read('0');
    const failed = await this.processReply(reply);
    if (failed) return Date.now() + this.options.retryDelayMs;
    const full = (reply ?? []).some(([, entries]) => entries.length >= this.options.batchSize);
    return full ? Date.now() : null;
  }

  /** Takes over entries another consumer left unacknowledged for too long; true when one of them failed here. */
  private async reclaim(): Promise<boolean> {
    let failed = false;
    for (const stream of this.streams) {
      let cursor = '0-0';
      do {
        const [next, entries] = (await this.redisCall(
          this.commands!.call('XAUTOCLAIM', stream, this.group, this.consumerName, this.options.claimIdleMs, cursor, 'COUNT', this.options.batchSize),
        )) as [string, StreamEntry[], string[]];
        for (const [id, fields] of entries) {
          if (!this.running) return failed;
          if ((await this.processEntry(stream, id, fields)) === 'retry') failed = true;
        }
        cursor = next;
      } while (cursor !== '0-0' && this.running);
    }
    return failed;
  }

  /** `deliveries` is known for a first delivery; for a redelivery it is asked of Redis. */
  private async processEntry(stream: string, id: string, fields: string[] | null, deliveries?: number): Promise<Outcome> {
    // Trimmed from the stream while pending: nothing left to apply.
    if (!fields) {
      await this.ack(stream, id);
      return 'done';
    }
    const type = fieldsToRecord(fields).type ?? '';
    // A stream carries every event of its publisher; this service handles only some of them.
    if (!this.handlers.has(type)) {
      await this.ack(stream, id);
      return 'done';
    }
    let event: IntegrationEvent;
    try {
      event = fromStreamFields(fields);
    } catch (error) {
      if (!(error instanceof UnreadableEventError)) throw error;
      await this.deadLetter(stream, id, fields, error.message, deliveries ?? (await this.deliveriesOf(stream, id)));
      return 'done';
    }
    const delivered = deliveries ?? (await this.deliveriesOf(stream, id));
    // Delivered this often without an acknowledgement or a recorded failure: it may be what kills the consumer.
    if (delivered > this.options.maxAttempts) {
      await this.deadLetter(stream, id, fields, `delivered ${delivered} times without being acknowledged`, delivered);
      return 'done';
    }
    let applied: boolean;
    try {
      applied = await this.apply(event);
    } catch (error) {
      if (delivered >= this.options.maxAttempts) {
        await this.deadLetter(stream, id, fields, errorMessage(error), delivered);
        return 'done';
      }
      this.logger.warn(`${event.type} ${event.id} failed (attempt ${delivered} of ${this.options.maxAttempts}), will retry: ${errorMessage(error)}`);
      return 'retry';
    }
    await this.ack(stream, id);
    if (!applied) this.logger.debug(`${event.type} ${event.id} was already applied; acknowledged again`);
    return 'done';
  }

  private async ack(stream: string, id: string): Promise<void> {
    await this.redisCall(this.commands!.xack(stream, this.group, id));
  }

  private async deliveriesOf(stream: string, id: string): Promise<number> {
    const pending = (await this.redisCall(this.commands!.call('XPENDING', stream, this.group, id, id, 1))) as [string, string, number, number][];
    return pending[0]?.[3] ?? 1;
  }

  private async deadLetter(stream: string, id: string, fields: string[], error: string, deliveries: number): Promise<void> {
    const deadLetterStream = this.prefixed(deadLetterStreamOf(this.target.service));
    // Parked and acknowledged together, so the entry is never both gone from the group and missing from the dead letters.
    await this.redisCall(
      this.commands!
        .multi()
        .xadd(deadLetterStream, '*', ...fields, 'error', error, 'sourceStream', stream, 'sourceId', id,
          'deliveries', String(deliveries), 'deadAt', new Date().toISOString())
        .xack(stream, this.group, id)
        .exec(),
    );
    this.logger.error(`event ${id} on ${stream} moved to ${deadLetterStream} after ${deliveries} deliveries: ${error}`);
  }

  /** While Redis is away a queued command would wait for its return; stopping must not. */
  private redisCall<T>(command: Promise<T>): Promise<T> {
    return Promise.race([command, this.aborted]);
  }

  /**
   * Ends a blocked read as if it had timed out (CLIENT UNBLOCK), so no entry is delivered to a consumer that is
   * leaving. False when the read could not be ended that way (Redis away, or the read not yet at the server).
   */
  private async unblockReader(): Promise<boolean> {
    for (let tries = 0; this.reading && tries < 20; tries++) {
      if (this.readerId === null || this.commands?.status !== 'ready' || this.reader?.status !== 'ready') return false;
      await withTimeout(this.commands.client('UNBLOCK', this.readerId), 500).catch(() => undefined);
      await delay(10);
    }
    return !this.reading;
  }

  /** A consumer with no pending entries is removed from its groups so restarts do not pile up names. */
  private async forgetConsumerIfIdle(): Promise<void> {
    const commands = this.commands;
    if (commands?.status !== 'ready') return;
    for (const stream of this.streams) {
      const pending = (await commands.call('XPENDING', stream, this.group, '-', '+', 1, this.consumerName)) as unknown[];
      if (pending.length === 0) await commands.xgroup('DELCONSUMER', stream, this.group, this.consumerName);
    }
  }
}
