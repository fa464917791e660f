import type { Type } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import type { BaseEnv } from '../config/env.js';

/** What a handler sees of one run of a job. */
export interface JobRun<Data> {
  data: Data;
  /** The job's id: the one given to `add`, or BullMQ's for a scheduled run. */
  id: string | undefined;
  /** Attempts made before this one. */
  attemptsMade: number;
  /** No retry follows if this attempt fails. */
  finalAttempt: boolean;
}

/** A unit of work a source of truth says should be queued: what the sweep re-enqueues when Redis lost it. */
export interface PendingJob<Data> {
  jobId: string;
  data: Data;
  /** Retries of this job when they are not the kind's (one queue carrying work of several retry policies). */
  retries?: JobRetries;
}

/**
 * The work of one job kind, a Nest provider of the feature that owns it. Jobs are at-least-once (a retry, a
 * sweep, a worker that died mid-run), so `run` must be idempotent. Throwing fails the attempt: BullMQ retries it
 * as the kind's `attempts` and `backoff` say, and the queue logs it.
 */
export interface JobHandler<Data = undefined> {
  run(job: JobRun<Data>): Promise<unknown>;
  /**
   * Work that should be queued according to the source of truth (rows still pending, say), at most a batch.
   * With `sweepEveryMs` the queue calls it periodically and adds each one that has no live job, so work Redis
   * lost (it was away when the work was added, or a job died with a crashed worker) is done anyway.
   */
  pending?(): Promise<PendingJob<Data>[]>;
}

/** Per-job options: retries, backoff and how many finished jobs Redis keeps. */
export type JobOptions = Pick<JobsOptions, 'attempts' | 'backoff' | 'removeOnComplete' | 'removeOnFail'>;

/** A job's own retries, overriding its kind's `jobOptions` for that job. */
export type JobRetries = Pick<JobsOptions, 'attempts' | 'backoff'>;

/** What an add may say of one job: its id (the add is then idempotent), a delay, and its own retries. */
export interface JobAddOptions extends JobRetries {
  jobId?: string;
  delay?: number;
}

/** A repeatable job: a cron pattern (with its time zone) or a fixed period. */
export type JobRepeat = { pattern: string; tz?: string } | { every: number };

/** A value, or one read from the service's configuration. */
export type FromConfig<T, Config extends BaseEnv> = T | ((config: Config) => T);

export interface JobKindOptions<Data, Config extends BaseEnv = BaseEnv> {
  /** The BullMQ queue, `<service>-<what>`; keys are `${REDIS_PREFIX}bull:<queue>:…`. */
  queue: string;
  /** The provider that does the work; declare it in the feature module's `providers`. */
  handler: Type<JobHandler<Data>>;
  /** Jobs run at once on each replica (default 1). */
  concurrency?: number;
  /** Applied to every job of the kind, scheduled or added. */
  jobOptions?: FromConfig<JobOptions, Config>;
  /**
   * Runs the job on a schedule, once per turn across all replicas (a BullMQ job scheduler, written at start
   * without waiting for Redis).
   */
  schedule?: { id: string; repeat: JobRepeat; data?: Data };
  /** How often each replica asks `handler.pending()` for work to re-enqueue (no sweep without it). */
  sweepEveryMs?: FromConfig<number, Config>;
  /**
   * The pending work is due at instants of the session clock (a reminder's `send_at`): after a test moves that clock
   * (TEST_CLOCK=on) the queue sweeps at once and runs the delayed jobs of work now due. Off by default: work timed on
   * the system clock (a refund's backoff, a hold's expiry) keeps its own pace.
   */
  dueOnSessionClock?: boolean;
  /** Longest wait at shutdown for the jobs in hand (default 2 s); a job cut short runs again later. */
  stopWaitMs?: number;
}

/** A job kind: its options and the token its `JobQueue` is injected by. */
export interface JobKind<Data = undefined, Config extends BaseEnv = BaseEnv> extends JobKindOptions<Data, Config> {
  readonly token: symbol;
}

/**
 * Declares a job kind. Register it with `JobsModule.forFeature([kind])` in the feature module (beside its
 * handler in `providers`) and inject its queue with `@InjectJobQueue(kind)` to add jobs.
 */
export function defineJob<Data = undefined, Config extends BaseEnv = BaseEnv>(
  options: JobKindOptions<Data, Config>,
): JobKind<Data, Config> {
  return { ...options, token: Symbol(`JobQueue:${options.queue}`) };
}

export function fromConfig<T, Config extends BaseEnv>(value: FromConfig<T, Config>, config: Config): T {
  return typeof value === 'function' ? (value as (config: Config) => T)(config) : value;
}
