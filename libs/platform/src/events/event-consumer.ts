import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { deadLetterStreamOf, type IntegrationEvent } from '@hunted/contracts';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { errorMessage, jitteredBackoffMs, WakeableSleep } from './backoff.js';
import { EntryClaims } from './consumer/claims.js';
import type { ConsumerLink, Outcome, StreamEntry } from './consumer/context.js';
import { DeadLettering } from './consumer/dead-lettering.js';
import { InboxApplier } from './consumer/inbox-applier.js';
import { DEFAULT_EVENT_CONSUMER_OPTIONS, type EventConsumerOptions, type EventConsumerTarget } from './consumer/options.js';
import { OutageRetry } from './consumer/outage-retry.js';
import { ConsumerPruning } from './consumer/pruning.js';
import type { EventHandler } from './event-handler.js';
import { withTimeout } from '../redis/redis.js';
import { fieldsToRecord, fromStreamFields, UnreadableEventError } from './stream-entry.js';

export { DEFAULT_EVENT_CONSUMER_OPTIONS, type EventConsumerOptions, type EventConsumerTarget } from './consumer/options.js';

type ReadReply = [stream: string, entries: StreamEntry[]][] | null;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads the streams of the event types a service handles, with the service's consumer group, and applies each
 * event exactly once in effect: the handler's writes and the inbox row commit together, then the entry is
 * acknowledged. A redelivered event finds its inbox row and is only acknowledged. Entries left by a dead
 * consumer are reclaimed; an entry that keeps failing is moved to the service's dead-letter stream.
 *
 * This class owns the connections, the loop and the decision per entry; each job it schedules lives in its own
 * file under `consumer/`: applying (InboxApplier), claiming (EntryClaims), retrying through outages (OutageRetry),
 * dead-lettering (DeadLettering) and pruning (ConsumerPruning).
 */
export class EventConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly consumerName: string;
  readonly group: string;
  private readonly logger: Logger;
  private readonly options: EventConsumerOptions;
  private readonly streams: string[];
  private readonly sleeper = new WakeableSleep();
  private readonly applier: InboxApplier;
  private readonly claims: EntryClaims;
  private readonly outageRetry: OutageRetry;
  private readonly deadLetters: DeadLettering;
  private readonly pruning: ConsumerPruning;
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
    this.applier = new InboxApplier(dataSource, target.service, handlers);
    this.streams = this.applier.streams().map((stream) => this.prefixed(stream));
    const link = this.link();
    this.claims = new EntryClaims(link);
    this.outageRetry = new OutageRetry(link, dataSource, this.applier, this.claims, this.sleeper);
    this.deadLetters = new DeadLettering(link, this.prefixed(deadLetterStreamOf(target.service)));
    this.pruning = new ConsumerPruning(link, dataSource, this.deadLetters.stream);
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
      await withTimeout(this.pruning.forgetConsumerIfIdle(this.commands), 1_000).catch(() => undefined);
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
  apply(event: IntegrationEvent): Promise<boolean> {
    return this.applier.apply(event);
  }

  /** What the parts see of this consumer: read live, so `running` and the connections are always current. */
  private link(): ConsumerLink {
    const isRunning = () => this.running;
    return {
      group: this.group,
      consumerName: this.consumerName,
      streams: this.streams,
      options: this.options,
      logger: this.logger,
      get running() {
        return isRunning();
      },
      command: (call) => this.redisCall(call(this.commands!)),
    };
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
          const failed = await this.claims.reclaim((stream, id, fields) => this.processEntry(stream, id, fields));
          nextClaimAt = Date.now() + this.options.claimIntervalMs;
          if (failed) retryAt ??= Date.now() + this.options.retryDelayMs;
          continue;
        }
        if (retryAt !== null && Date.now() >= retryAt) {
          retryAt = await this.retryOwnPending();
          continue;
        }
        if (Date.now() >= nextPruneAt) {
          const finished = await this.pruning.prune();
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
    for (const [stream, entries] of reply ?? []) this.claims.hold(stream, entries);
    try {
      for (const [stream, entries] of reply ?? []) {
        for (const [id, fields] of entries) {
          if (!this.running) return failed;
          // A poison failure stays in hand (and kept claimed) until this batch is over; it is re-read later.
          if ((await this.processEntry(stream, id, fields, deliveries)) === 'retry') failed = true;
          else this.claims.release(stream, id);
        }
      }
      return failed;
    } finally {
      this.claims.releaseAll();
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

  /** `deliveries` is known for a first delivery; for a redelivery it is asked of Redis. */
  private async processEntry(stream: string, id: string, fields: string[] | null, deliveries?: number): Promise<Outcome> {
    // Trimmed from the stream while pending: nothing left to apply.
    if (!fields) {
      await this.ack(stream, id);
      return 'done';
    }
    const type = fieldsToRecord(fields).type ?? '';
    // A stream carries every event of its publisher; this service handles only some of them.
    if (!this.applier.handles(type)) {
      await this.ack(stream, id);
      return 'done';
    }
    let event: IntegrationEvent;
    try {
      event = fromStreamFields(fields);
    } catch (error) {
      if (!(error instanceof UnreadableEventError)) throw error;
      await this.deadLetters.park(stream, id, fields, error.message, deliveries ?? (await this.deadLetters.deliveriesOf(stream, id)));
      return 'done';
    }
    const delivered = deliveries ?? (await this.deadLetters.deliveriesOf(stream, id));
    // Delivered this often without an acknowledgement or a recorded failure: it may be what kills the consumer.
    if (delivered > this.options.maxAttempts) {
      await this.deadLetters.park(stream, id, fields, `delivered ${delivered} times without being acknowledged`, delivered);
      return 'done';
    }
    const attempt = await this.outageRetry.applyThroughOutages(event);
    if ('stopped' in attempt) return 'retry';
    if ('poison' in attempt) {
      // Only failures on a healthy database get here, and only they raise the count: each is one re-read.
      if (delivered >= this.options.maxAttempts) {
        await this.deadLetters.park(stream, id, fields, errorMessage(attempt.poison), delivered);
        return 'done';
      }
      this.logger.warn(`${event.type} ${event.id} failed on a healthy database (attempt ${delivered} of ${this.options.maxAttempts}), will retry: ${errorMessage(attempt.poison)}`);
      return 'retry';
    }
    await this.ack(stream, id);
    if (!attempt.applied) this.logger.debug(`${event.type} ${event.id} was already applied; acknowledged again`);
    return 'done';
  }

  private async ack(stream: string, id: string): Promise<void> {
    await this.redisCall(this.commands!.xack(stream, this.group, id));
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
}
