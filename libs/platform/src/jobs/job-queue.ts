import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker, type Job } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import type { Redis } from 'ioredis';
import type { BaseEnv } from '../config/env.js';
import { closeRedis, createRedisClient, withTimeout } from '../redis/redis.js';
import { tracingEnabled } from '../tracing/tracing.js';
import { onClockJump } from '../clock/clock.js';
import { fromConfig, type JobAddOptions, type JobHandler, type JobKind, type JobOptions } from './job-kind.js';

/** How long `tryAdd` waits for Redis before leaving the work to the sweep. */
const TRY_ADD_WAIT_MS = 2_000;
/** How long shutdown waits for a sweep in progress, and then for the queue's own close. */
const SWEEP_STOP_WAIT_MS = 2_000;
const QUEUE_CLOSE_WAIT_MS = 1_000;

/** A kind with its configuration read: what one `JobQueue` runs. */
export interface JobQueueSettings<Data> {
  queue: string;
  redisUrl: string;
  /** BullMQ's key prefix, `${REDIS_PREFIX}bull`. */
  prefix: string;
  handler: JobHandler<Data> | (() => JobHandler<Data>);
  concurrency: number;
  jobOptions: JobOptions;
  schedule?: JobKind<Data>['schedule'];
  sweepEveryMs?: number;
  /** See JobKindOptions.dueOnSessionClock. */
  dueOnSessionClock?: boolean;
  stopWaitMs: number;
}

/**
 * One job kind's BullMQ queue and worker, on a Redis connection of their own. Made for a service that must start,
 * serve and stop while Redis is away: nothing at start waits for Redis (the schedule is written when it answers),
 * adding can be bounded (`tryAdd`), each close is bounded and then the connection is cut, and Redis problems are
 * logged once each rather than at every reconnection. Nest runs the lifecycle hooks; outside Nest call `start()`,
 * `stopWorking()` and `close()`.
 */
export class JobQueue<Data = undefined> implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger: Logger;
  private connection: Redis | undefined;
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  private handler: JobHandler<Data> | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly stopClockListeners: (() => void)[] = [];
  private sweeping: Promise<void> | undefined;
  /** A clock move asked for a sweep that also promotes the delayed jobs of work now due. */
  private promoteRequested = false;
  private stopping = false;
  private stopped: Promise<void> | undefined;
  private lastRedisProblem: string | undefined;
  private lastFailure: string | undefined;

  constructor(readonly settings: JobQueueSettings<Data>) {
    this.logger = new Logger(`Jobs ${settings.queue}`);
  }

  /** The queue of `kind` under `config`: its Redis and prefix, and the options read from the configuration. */
  static forKind<Data, Config extends BaseEnv>(
    kind: JobKind<Data, Config>,
    config: Config,
    handler: JobQueueSettings<Data>['handler'],
  ): JobQueue<Data> {
    return new JobQueue({
      queue: kind.queue,
      redisUrl: config.REDIS_URL,
      prefix: `${config.REDIS_PREFIX}bull`,
      handler,
      concurrency: kind.concurrency ?? 1,
      jobOptions: kind.jobOptions ? fromConfig(kind.jobOptions, config) : {},
      ...(kind.schedule ? { schedule: kind.schedule } : {}),
      ...(kind.sweepEveryMs !== undefined ? { sweepEveryMs: fromConfig(kind.sweepEveryMs, config) } : {}),
      ...(kind.dueOnSessionClock ? { dueOnSessionClock: true } : {}),
      stopWaitMs: kind.stopWaitMs ?? 2_000,
    });
  }

  get name(): string {
    return this.settings.queue;
  }

  /** How many jobs wait, are delayed, run and have failed (kept for inspection); null before start or after close. */
  async jobCounts(): Promise<Record<'waiting' | 'delayed' | 'active' | 'failed', number> | null> {
    if (!this.queue || this.stopping || this.connection?.status !== 'ready') return null;
    const counts = await this.queue.getJobCounts('waiting', 'delayed', 'active', 'failed');
    return { waiting: counts.waiting ?? 0, delayed: counts.delayed ?? 0, active: counts.active ?? 0, failed: counts.failed ?? 0 };
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stopWorking();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  /** Opens the queue and the worker, writes the schedule and starts the sweep; never waits for Redis. */
  start(): void {
    if (this.connection) return;
    const { queue: name, prefix, concurrency, schedule, sweepEveryMs } = this.settings;
    this.handler = typeof this.settings.handler === 'function' ? this.settings.handler() : this.settings.handler;
    this.connection = createRedisClient(this.settings.redisUrl, name);
    // A later outage is a new problem, worth a line of its own.
    this.connection.on('ready', () => (this.lastRedisProblem = undefined));
    // Traced, BullMQ's own OpenTelemetry support carries the adder's trace context in the job's options and runs
    // the job in a span of that trace (an email queued by an event handler is sent in the event's trace).
    const telemetry = tracingEnabled() ? { telemetry: new BullMQOtel({ tracerName: 'bullmq' }) } : {};
    this.queue = new Queue(name, { connection: this.connection, prefix, ...telemetry });
    this.worker = new Worker(name, (job: Job) => this.process(job), { connection: this.connection, prefix, concurrency, ...telemetry });
    // Without listeners BullMQ prints every failed reconnection to stderr while Redis is away.
    this.queue.on('error', (error) => this.redisProblem(error));
    this.worker.on('error', (error) => this.redisProblem(error));
    this.worker.on('failed', (job, error) => this.failed(job, error));
    if (schedule) {
      // Not awaited: while Redis is away the call waits for it, and a service must start and serve without Redis
      // (readiness is PostgreSQL only). The schedule is written once Redis answers.
      void this.queue
        .upsertJobScheduler(schedule.id, schedule.repeat, {
          name: schedule.id,
          ...(schedule.data !== undefined ? { data: schedule.data } : {}),
          opts: this.settings.jobOptions,
        })
        .catch((error: Error) => {
          if (!this.stopping) this.logger.error(`schedule ${schedule.id} not written: ${error.message}`);
        });
      // A test that moves the clock (TEST_CLOCK=on) hears the scheduled work run at once, as it would have had
      // the time passed; with the system clock this never fires.
      this.stopClockListeners.push(
        onClockJump(() => {
          void this.queue
            ?.add(schedule.id, schedule.data as Data, this.settings.jobOptions)
            .catch((error: Error) => this.logger.warn(`run of ${schedule.id} after a clock move not added: ${error.message}`));
        }),
      );
    }
    if (sweepEveryMs !== undefined) {
      if (!this.handler.pending) throw new Error(`job queue ${name}: a sweep needs the handler's pending()`);
      this.sweepTimer = setInterval(() => void this.sweep(), sweepEveryMs);
      this.sweepTimer.unref();
      // Work delayed until a time on the session clock (a reminder) became due when a test moved the clock: its
      // delayed job would still wait for the system clock, so the sweep then runs at once and promotes it. With
      // the system clock this never fires; a kind timed on the system clock does not ask for it.
      if (this.settings.dueOnSessionClock) this.stopClockListeners.push(onClockJump(() => void this.sweep({ promoteDue: true })));
    }
  }

  /**
   * Adds a job, after `delay` ms if given. A `jobId` makes the add idempotent: BullMQ ignores an add whose id is
   * already waiting, delayed, running or kept. Waits for Redis while it is away; see `tryAdd`.
   */
  async add(data: Data, options: JobAddOptions = {}): Promise<void> {
    if (!this.queue || this.stopping) throw new Error(`the ${this.name} queue is not running`);
    await this.queue.add(this.name, data, { ...this.settings.jobOptions, ...options });
  }

  /**
   * Adds a job, waiting at most two seconds for Redis, and never throws: says whether the job was added. For work
   * whose source of truth is already committed, so the sweep adds it later when this could not.
   */
  async tryAdd(data: Data, options: JobAddOptions = {}): Promise<boolean> {
    try {
      await withTimeout(this.add(data, options), TRY_ADD_WAIT_MS, `adding to ${this.name}`);
      return true;
    } catch (error) {
      const later = this.settings.sweepEveryMs !== undefined ? '; the sweep will add it' : '';
      this.logger.warn(`job ${options.jobId ?? '(no id)'} not added yet (${(error as Error).message})${later}`);
      return false;
    }
  }

  /**
   * Removes a job that is waiting or delayed, because its work became pointless (a cancelled booking's reminder),
   * waiting at most two seconds for Redis, and never throws: says whether a job was removed. A job running now, or
   * one Redis could not be asked about, stays; its handler must still check that the work is wanted.
   */
  async tryRemove(jobId: string): Promise<boolean> {
    if (!this.queue || this.stopping) return false;
    try {
      return (await withTimeout(this.queue.remove(jobId), TRY_ADD_WAIT_MS, `removing from ${this.name}`)) === 1;
    } catch (error) {
      this.logger.warn(`job ${jobId} not removed (${(error as Error).message}); it will find its work pointless when it runs`);
      return false;
    }
  }

  /**
   * Adds each pending job of the handler that has no live job. Runs every `sweepEveryMs` on each replica. With
   * `promoteDue` (after a test clock move) a pending job still delayed is run now: the handler's `pending()` says
   * its work is due on the session clock. Asked for while a sweep runs, it makes that sweep pass once more.
   */
  sweep(options: { promoteDue?: boolean } = {}): Promise<void> {
    if (options.promoteDue) this.promoteRequested = true;
    this.sweeping ??= this.sweepWhileAsked()
      .catch((error: Error) => this.logger.warn(`sweep failed: ${error.message}`))
      .finally(() => {
        this.sweeping = undefined;
        // Asked for after the last pass had read its flag: one more pass.
        if (this.promoteRequested && !this.stopping) void this.sweep();
      });
    return this.sweeping;
  }

  private async sweepWhileAsked(): Promise<void> {
    do {
      const promoteDue = this.promoteRequested;
      this.promoteRequested = false;
      await this.sweepOnce(promoteDue);
    } while (this.promoteRequested);
  }

  private async sweepOnce(promoteDue: boolean): Promise<void> {
    // During an outage the commands would only pile up in the client's offline queue.
    if (!this.queue || !this.handler?.pending || this.stopping || this.connection?.status !== 'ready') return;
    let added = 0;
    let promoted = 0;
    for (const { jobId, data, retries } of await this.handler.pending()) {
      const job = await this.queue.getJob(jobId);
      // A failed job for pending work ended outside the handler's control (it stalled too often, or recording the
      // failure did): start it over rather than leave the work pending for ever.
      if (job && (await job.isFailed())) await job.remove();
      else if (job) {
        if (promoteDue && (await job.isDelayed())) {
          // Promoted between the two calls (or run already): nothing left to do.
          await job.promote().catch(() => undefined);
          promoted++;
        }
        continue;
      }
      await this.add(data, { jobId, ...retries });
      added++;
    }
    if (added) this.logger.log(`added ${added} pending job(s)`);
    if (promoted) this.logger.log(`ran ${promoted} delayed job(s) due after a clock move`);
  }

  private process(job: Job): Promise<unknown> {
    const attempts = job.opts.attempts ?? 1;
    return this.handler!.run({
      data: job.data as Data,
      id: job.id,
      attemptsMade: job.attemptsMade,
      finalAttempt: job.attemptsMade + 1 >= attempts,
    });
  }

  /** The last attempt's failure always; a retried one only when it differs from the one before. */
  private failed(job: Job | undefined, error: Error): void {
    const attempts = job?.opts.attempts ?? 1;
    const made = job?.attemptsMade ?? attempts;
    const id = job?.id ?? '?';
    if (made >= attempts) {
      this.logger.error(`job ${id} failed for good after ${made} attempt(s): ${error.message}`);
    } else if (error.message !== this.lastFailure) {
      this.logger.warn(`job ${id} failed (attempt ${made} of ${attempts}, will retry): ${error.message}`);
    }
    this.lastFailure = error.message;
  }

  private redisProblem(error: Error): void {
    if (this.stopping) return;
    if (error.message !== this.lastRedisProblem) this.logger.warn(`Redis: ${error.message}`);
    this.lastRedisProblem = error.message;
  }

  /**
   * Stops taking work: the sweep ends and the worker finishes the jobs in hand, each for a bounded time, while
   * the database is still open (Nest calls this before closing connections).
   */
  stopWorking(): Promise<void> {
    for (const stop of this.stopClockListeners.splice(0)) stop();
    this.stopped ??= this.stopWorkingOnce();
    return this.stopped;
  }

  private async stopWorkingOnce(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweepTimer);
    if (this.sweeping) await withTimeout(this.sweeping, SWEEP_STOP_WAIT_MS, `${this.name} sweep`).catch(() => undefined);
    // Bounded: with Redis away BullMQ's close waits for it to come back, and a forced close(true) would only join
    // that same wait (BullMQ keeps the first close). A job cut short runs again (at-least-once).
    if (this.worker) await withTimeout(this.worker.close(), this.settings.stopWaitMs, `${this.name} worker`).catch(() => undefined);
  }

  /** Stops the worker if still running, closes the queue (bounded) and cuts the connection. */
  async close(): Promise<void> {
    await this.stopWorking();
    if (this.queue) await withTimeout(this.queue.close(), QUEUE_CLOSE_WAIT_MS, `${this.name} queue`).catch(() => undefined);
    await closeRedis(this.connection);
  }
}
