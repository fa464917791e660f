import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { deadLetterStreamOf, streamOfEventType, type EventType, type IntegrationEvent } from '@hunted/contracts';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { errorMessage, jitteredBackoffMs, WakeableSleep } from './backoff.js';
import type { EventHandler } from './event-handler.js';
import { InboxEntry } from './inbox.entity.js';
import { withTimeout } from '../redis/redis.js';
import { redisPruneCutoffMs, streamIdTimeMs } from './retention.js';
import { fieldsToRecord, fromStreamFields, UnreadableEventError } from './stream-entry.js';
import { tableOf } from './tables.js';
import { isTransientError } from './transient-error.js';

export interface EventConsumerOptions {
  /** Entries read per XREADGROUP call. */
  batchSize: number;
  /** Longest a read waits for new entries before the loop looks for stuck ones again. */
  blockMs: number;
  /** An entry delivered to some consumer and unacknowledged this long is taken over (its consumer likely died). */
  claimIdleMs: number;
  claimIntervalMs: number;
  /** Wait before an entry that failed on a healthy database (a poison failure) is tried again. */
  retryDelayMs: number;
  /**
   * Poison failures (the handler failed while PostgreSQL answered) after which an entry goes to the dead-letter
   * stream. Transient failures (connection lost, database or Redis away, deadlock…) never count.
   */
  maxAttempts: number;
  /** First wait before a transiently failed entry is applied again; doubles per failure, with jitter. */
  transientRetryBaseMs: number;
  /** Longest wait between two tries of a transiently failed entry. */
  transientRetryMaxMs: number;
  /** How long the `select 1` that tells a poison failure from a database outage may take. */
  healthCheckTimeoutMs: number;
  /** How long stop() waits for the event in hand before cutting the connections. */
  shutdownTimeoutMs: number;
  /** Inbox rows and dead letters older than this are deleted (EVENT_RETENTION_DAYS). */
  retentionMs: number;
  /** How often the inbox and the dead-letter stream are pruned. */
  pruneIntervalMs: number;
  /** The dead-letter stream keeps about this many entries (MAXLEN ~); a warning is logged when it is full. */
  deadLetterMaxLength: number;
  /**
   * Another consumer of the group that has nothing pending and has not read for this long is removed from the
   * group at the next prune: a process killed with SIGKILL never says goodbye, so without this every crash would
   * leave a name behind for good. A live consumer reads every `blockMs`, so it is never this idle.
   */
  deadConsumerIdleMs: number;
}

export const DEFAULT_EVENT_CONSUMER_OPTIONS: EventConsumerOptions = {
  batchSize: 10,
  blockMs: 2_000,
  claimIdleMs: 30_000,
  claimIntervalMs: 5_000,
  retryDelayMs: 1_000,
  maxAttempts: 5,
  transientRetryBaseMs: 250,
  transientRetryMaxMs: 5_000,
  healthCheckTimeoutMs: 5_000,
  shutdownTimeoutMs: 10_000,
  retentionMs: 7 * 24 * 3_600_000,
  pruneIntervalMs: 3_600_000,
  deadLetterMaxLength: 10_000,
  deadConsumerIdleMs: 3_600_000,
};

/**
 * Removes a consumer from a group only if it has no pending entry, in one step: XGROUP DELCONSUMER drops the
 * consumer's pending entries with it, so a check followed by a separate delete could lose an entry the consumer
 * read in between. Returns 1 when removed, 0 when it held entries (they are reclaimed first, by XAUTOCLAIM).
 */
const DELETE_CONSUMER_IF_IDLE = `
local pending = redis.call('XPENDING', KEYS[1], ARGV[1], '-', '+', 1, ARGV[2])
if #pending > 0 then return 0 end
redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], ARGV[2])
return 1`;

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
type Attempt = { applied: boolean } | { poison: unknown } | { stopped: true };

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
  /** Entries read and not yet finished, per stream: kept claimed while a transient failure is waited out. */
  private readonly inHand = new Map<string, Set<string>>();
  private lastHeartbeatAt = 0;

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
    let nextPruneAt = Date.now() + Math.min(this.options.pruneIntervalMs, 60_000);
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
        if (Date.now() >= nextPruneAt) {
          const finished = await this.prune();
          // Unfinished (a large backlog, or a failure): the rest soon, without holding up events now.
          nextPruneAt = Date.now() + (finished ? this.options.pruneIntervalMs : Math.min(this.options.pruneIntervalMs, 60_000));
          continue;
        }
        const wakeAt = Math.min(nextClaimAt, nextPruneAt, retryAt ?? Number.POSITIVE_INFINITY);
        const block = Math.max(1, Math.min(this.options.blockMs, wakeAt - Date.now()));
        const reply = await this.read('>', block);
        if (await this.processReply(reply, 1)) retryAt ??= Date.now() + this.options.retryDelayMs;
        failures = 0;
      } catch (error) {
        if (!this.running) break;
        if (errorMessage(error).includes('NOGROUP')) groupsReady = false;
        failures += 1;
        const wait = jitteredBackoffMs(failures, this.options.transientRetryBaseMs, this.options.transientRetryMaxMs);
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
    for (const [stream, entries] of reply ?? []) this.hold(stream, entries);
    try {
      for (const [stream, entries] of reply ?? []) {
        for (const [id, fields] of entries) {
          if (!this.running) return failed;
          // A poison failure stays in hand (and kept claimed) until this batch is over; it is re-read later.
          if ((await this.processEntry(stream, id, fields, deliveries)) === 'retry') failed = true;
          else this.inHand.get(stream)?.delete(id);
        }
      }
      return failed;
    } finally {
      this.inHand.clear();
    }
  }

  private hold(stream: string, entries: StreamEntry[]): void {
    const ids = this.inHand.get(stream) ?? new Set<string>();
    for (const [id] of entries) ids.add(id);
    this.inHand.set(stream, ids);
    this.lastHeartbeatAt = Date.now();
  }

  /**
   * While a transient failure is waited out, the entries in hand sit idle in the group; past claimIdleMs another
   * consumer would take them over (XAUTOCLAIM), which raises their delivery count each time and, over a long
   * outage, would push them towards the "delivered too often" dead-lettering. Re-claiming them for ourselves
   * with JUSTID resets their idle time without counting a delivery.
   */
  private async keepInHand(): Promise<void> {
    if (Date.now() - this.lastHeartbeatAt < this.options.claimIdleMs / 4) return;
    this.lastHeartbeatAt = Date.now();
    for (const [stream, ids] of this.inHand) {
      if (ids.size === 0) continue;
      await withTimeout(
        this.redisCall(this.commands!.call('XCLAIM', stream, this.group, this.consumerName, 0, ...ids, 'JUSTID')),
        1_000,
      ).catch(() => undefined); // Redis away too: then nobody can claim them either
    }
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
        this.hold(stream, entries);
        try {
          for (const [id, fields] of entries) {
            if (!this.running) return failed;
            if ((await this.processEntry(stream, id, fields)) === 'retry') failed = true;
            else this.inHand.get(stream)?.delete(id);
          }
        } finally {
          this.inHand.clear();
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
    const attempt = await this.applyThroughOutages(event);
    if ('stopped' in attempt) return 'retry';
    if ('poison' in attempt) {
      // Only failures on a healthy database get here, and only they raise the count: each is one re-read.
      if (delivered >= this.options.maxAttempts) {
        await this.deadLetter(stream, id, fields, errorMessage(attempt.poison), delivered);
        return 'done';
      }
      this.logger.warn(`${event.type} ${event.id} failed on a healthy database (attempt ${delivered} of ${this.options.maxAttempts}), will retry: ${errorMessage(attempt.poison)}`);
      return 'retry';
    }
    await this.ack(stream, id);
    if (!attempt.applied) this.logger.debug(`${event.type} ${event.id} was already applied; acknowledged again`);
    return 'done';
  }

  /**
   * Applies the event, waiting out transient failures in this process (capped exponential backoff with
   * jitter) without giving the entry back to Redis, so they never raise its delivery count. Returns the error
   * of a poison failure: one that is not transient and happened while PostgreSQL answers `select 1`.
   */
  private async applyThroughOutages(event: IntegrationEvent): Promise<Attempt> {
    let failures = 0;
    const since = Date.now();
    for (;;) {
      try {
        const applied = await this.apply(event);
        if (failures > 0) this.logger.log(`${event.type} ${event.id} applied after ${failures} transient failure(s) over ${Date.now() - since} ms`);
        return { applied };
      } catch (error) {
        if (!(await this.isTransientFailure(error))) return { poison: error };
        failures += 1;
        if (!this.running) return { stopped: true };
        const wait = jitteredBackoffMs(failures, this.options.transientRetryBaseMs, this.options.transientRetryMaxMs);
        // Once when it starts and then every tenth try, so a long outage does not flood the log.
        if (failures % 10 === 1) {
          this.logger.warn(`${event.type} ${event.id} hit a transient failure (${failures}), retrying in ${wait} ms without counting it: ${errorMessage(error)}`);
        }
        await this.sleepKeepingInHand(wait);
        if (!this.running) return { stopped: true };
      }
    }
  }

  /** Waits in slices short enough to re-claim the entries in hand before another consumer could take them. */
  private async sleepKeepingInHand(ms: number): Promise<void> {
    const until = Date.now() + ms;
    const slice = Math.max(50, Math.floor(this.options.claimIdleMs / 3));
    while (this.running && Date.now() < until) {
      await this.sleeper.sleep(Math.min(slice, until - Date.now()));
      if (this.running) await this.keepInHand();
    }
  }

  /** Transient by its kind, or because PostgreSQL itself does not answer right now (a wrapped or unknown error). */
  private async isTransientFailure(error: unknown): Promise<boolean> {
    if (isTransientError(error)) return true;
    try {
      await withTimeout(this.dataSource.query('select 1'), this.options.healthCheckTimeoutMs, 'database health check');
      return false;
    } catch {
      return true;
    }
  }

  private async ack(stream: string, id: string): Promise<void> {
    await this.redisCall(this.commands!.xack(stream, this.group, id));
  }

  private async deliveriesOf(stream: string, id: string): Promise<number> {
    const pending = (await this.redisCall(this.commands!.call('XPENDING', stream, this.group, id, id, 1))) as [string, string, number, number][];
    return pending[0]?.[3] ?? 1;
  }

  private async deadLetter(stream: string, id: string, fields: string[], error: string, deliveries: number): Promise<void> {
    const deadLetterStream = this.deadLetterStream;
    const cap = this.options.deadLetterMaxLength;
    // Parked and acknowledged together, so the entry is never both gone from the group and missing from the dead letters.
    const results = await this.redisCall(
      this.commands!
        .multi()
        .xadd(deadLetterStream, 'MAXLEN', '~', cap, '*', ...fields, 'error', error, 'sourceStream', stream, 'sourceId', id,
          'deliveries', String(deliveries), 'deadAt', new Date().toISOString())
        .xack(stream, this.group, id)
        .xlen(deadLetterStream)
        .exec(),
    );
    this.logger.error(`event ${id} on ${stream} moved to ${deadLetterStream} after ${deliveries} deliveries: ${error}`);
    const length = Number(results?.[2]?.[1] ?? 0);
    if (length >= cap) {
      this.logger.warn(`${deadLetterStream} holds ${length} entries, its cap (${cap}): the oldest dead letters are being dropped; replay or fix them (npm run events -- dead-letters)`);
    }
  }

  private get deadLetterStream(): string {
    return this.prefixed(deadLetterStreamOf(this.target.service));
  }

  /**
   * Keeps the consumer side bounded: inbox rows older than the retention (their events are trimmed from the
   * streams by then, so no redelivery can need them) and dead letters whose event entered Redis longer ago than
   * the retention allows (they may hold a user's email). True when all was done; a failure is logged.
   */
  private async prune(): Promise<boolean> {
    try {
      const inbox = await this.pruneInbox();
      const deadLetters = await this.pruneDeadLetters();
      const consumers = await this.pruneDeadConsumers();
      if (inbox.deleted + deadLetters + consumers > 0) {
        this.logger.log(`pruned ${inbox.deleted} inbox row(s), ${deadLetters} expired dead letter(s) and ${consumers} gone consumer(s)`);
      }
      return inbox.finished;
    } catch (error) {
      this.logger.warn(`pruning the inbox and dead letters failed, will try again: ${errorMessage(error)}`);
      return false;
    }
  }

  private async pruneInbox(): Promise<{ deleted: number; finished: boolean }> {
    const manager = this.dataSource.manager;
    const table = tableOf(manager, InboxEntry);
    const slice = 5_000;
    let deleted = 0;
    // In slices, so no long lock or huge transaction, and at most 20 per run, so events are not held up for long.
    for (let run = 0; run < 20 && this.running; run++) {
      const [, count] = (await manager.query(
        `delete from ${table} where event_id in (
           select event_id from ${table} where processed_at < now() - make_interval(secs => $1) limit ${slice})`,
        [this.options.retentionMs / 1000],
      )) as [unknown, number];
      deleted += count;
      if (count < slice) return { deleted, finished: true };
    }
    return { deleted, finished: false };
  }

  private async pruneDeadLetters(): Promise<number> {
    const cutoff = redisPruneCutoffMs(Date.now(), this.options.retentionMs, this.options.pruneIntervalMs);
    const stream = this.deadLetterStream;
    let removed = 0;
    let start = '-';
    // Ordered by when they died, not by when their event entered Redis, so the whole (capped) stream is read.
    for (;;) {
      const page = (await this.redisCall(this.commands!.xrange(stream, start, '+', 'COUNT', 500))) as [string, string[]][];
      const expired = page
        .filter(([id, fields]) => (streamIdTimeMs(fieldsToRecord(fields).sourceId ?? id) || streamIdTimeMs(id)) < cutoff)
        .map(([id]) => id);
      if (expired.length > 0) removed += Number(await this.redisCall(this.commands!.xdel(stream, ...expired)));
      if (page.length < 500) return removed;
      start = `(${page[page.length - 1]![0]}`;
    }
  }

  /** Forgets the group's consumers that died without leaving (SIGKILL, a lost node) once they hold nothing. */
  private async pruneDeadConsumers(): Promise<number> {
    let removed = 0;
    for (const stream of this.streams) {
      const consumers = (await this.redisCall(this.commands!.call('XINFO', 'CONSUMERS', stream, this.group))) as unknown[][];
      for (const fields of consumers) {
        const info = fieldsToRecord(fields.map(String));
        if (info.name === this.consumerName || Number(info.pending) > 0 || Number(info.idle) < this.options.deadConsumerIdleMs) continue;
        removed += Number(await this.redisCall(this.commands!.eval(DELETE_CONSUMER_IF_IDLE, 1, stream, this.group, info.name ?? '')));
      }
    }
    return removed;
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
