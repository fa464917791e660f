import { randomUUID } from 'node:crypto';
import { Global, Injectable, Logger, Module, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  defineJob,
  InjectJobQueue,
  JobQueue,
  JobsModule,
  nowMs,
  SERVICE_CONFIG,
  setClockOffset,
  type JobHandler,
  type JobKindOptions,
  type JobRun,
  type PendingJob,
} from '../src/index.js';
import { PrivateRedis, readJobScheduler, TEST_REDIS_URL, testConfig, waitFor } from '../src/testing/index.js';

/** Every line Nest's Logger is given while the tests run, by level. */
class Lines implements LoggerService {
  readonly seen: { level: string; message: string }[] = [];
  log(message: string) {
    this.seen.push({ level: 'log', message });
  }
  warn(message: string) {
    this.seen.push({ level: 'warn', message });
  }
  error(message: string) {
    this.seen.push({ level: 'error', message });
  }
  of(level: string, pattern: RegExp): string[] {
    return this.seen.filter((line) => line.level === level && pattern.test(line.message)).map((line) => line.message);
  }
}

interface Item {
  item: string;
}

/** Records each run; `fail` makes the next runs throw. */
class Recorder implements JobHandler<Item> {
  readonly runs: JobRun<Item>[] = [];
  /** When each run began (Date.now()), in the order of `runs`. */
  readonly ranAt: number[] = [];
  /** How many sweeps have asked for pending work: a sweep that re-adds anything has asked first. */
  sweeps = 0;
  fail: ((run: JobRun<Item>) => string | undefined) | undefined;
  /** The source of truth of a sweep: work not yet done. */
  readonly undone = new Set<string>();

  async run(job: JobRun<Item>): Promise<void> {
    this.runs.push(job);
    this.ranAt.push(Date.now());
    const problem = this.fail?.(job);
    if (problem) throw new Error(problem);
    this.undone.delete(job.data.item);
  }

  async pending(): Promise<PendingJob<Item>[]> {
    this.sweeps += 1;
    return [...this.undone].map((item) => ({ jobId: `item-${item}`, data: { item } }));
  }

  ranFor(item: string): number {
    return this.runs.filter((run) => run.data.item === item).length;
  }
}

const PREFIX = `test:jobs:${process.pid}:`;

/** Every job of the kind's queue that exists in Redis, in any state (finished ones are kept: no removeOnComplete). */
async function jobsIn(queueName: string, redisUrl = TEST_REDIS_URL): Promise<number> {
  const queue = new Queue(queueName, { connection: { url: redisUrl }, prefix: `${PREFIX}bull` });
  try {
    const counts = await queue.getJobCounts('completed', 'failed', 'delayed', 'waiting', 'active', 'prioritized');
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  } finally {
    await queue.close();
  }
}

/** Waits for `sweeps` more sweeps of the handler, then until the queue has nothing waiting, delayed or running. */
async function afterSweepsNothingLeft(queue: JobQueue<Item>, handler: Recorder, sweeps: number): Promise<void> {
  const target = handler.sweeps + sweeps;
  await waitFor(`${sweeps} more sweeps`, () => handler.sweeps >= target);
  await waitFor('nothing left to run', async () => {
    const counts = await queue.jobCounts();
    return counts !== null && counts.waiting + counts.delayed + counts.active === 0;
  });
}
const lines = new Lines();
const started: JobQueue<Item>[] = [];

function queueOf(options: Partial<JobKindOptions<Item>> = {}, redisUrl = TEST_REDIS_URL, handler = new Recorder()) {
  const kind = defineJob<Item>({ queue: `probe-${randomUUID().slice(0, 8)}`, handler: Recorder, ...options });
  const queue = JobQueue.forKind(kind, testConfig({ REDIS_URL: redisUrl, REDIS_PREFIX: PREFIX }), handler);
  queue.start();
  started.push(queue);
  return { queue, handler, kind };
}

beforeAll(() => {
  Logger.overrideLogger(lines);
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((queue) => queue.close()));
});

afterAll(async () => {
  // Only this file's keys, in the shared test database.
  const redis = new Redis(TEST_REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
});

describe('jobs: a queue and a worker per kind', () => {
  it('runs a repeatable job at each turn, and writes its schedule under `${REDIS_PREFIX}bull`', async () => {
    const { handler, kind } = queueOf({ schedule: { id: 'every-300ms', repeat: { every: 300 }, data: { item: 'tick' } } });
    await waitFor('three scheduled runs', () => handler.ranFor('tick') >= 3, 5_000);
    expect(await readJobScheduler({ redisUrl: TEST_REDIS_URL, redisPrefix: PREFIX, queue: kind.queue, id: 'every-300ms' })).toMatchObject({
      every: 300,
    });
  });

  it('runs a delayed job once its delay has passed, not before', async () => {
    const { queue, handler } = queueOf();
    const added = Date.now();
    await queue.add({ item: 'later' }, { delay: 1_000 });
    await waitFor('the delayed run', () => handler.ranFor('later') === 1, 5_000);
    // "Not before": when the run began, not when the test looked (a lower bound, which a slow machine only widens).
    expect(handler.ranAt[0]! - added).toBeGreaterThanOrEqual(1_000);
  });

  it('adds a job id once, whoever adds it (two replicas of one kind)', async () => {
    const one = queueOf();
    const kind = one.kind;
    const twin = JobQueue.forKind(kind, testConfig({ REDIS_PREFIX: PREFIX }), one.handler);
    twin.start();
    started.push(twin);
    // Delayed, so all four adds meet a job that is still waiting.
    await Promise.all([
      one.queue.add({ item: 'once' }, { jobId: 'item-once', delay: 300 }),
      one.queue.add({ item: 'once' }, { jobId: 'item-once', delay: 300 }),
      twin.add({ item: 'once' }, { jobId: 'item-once', delay: 300 }),
      twin.add({ item: 'twice?' }, { jobId: 'item-once', delay: 300 }),
    ]);
    await waitFor('the run', () => one.handler.ranFor('once') === 1, 5_000);
    // Finished jobs are kept, so a second job would still be there, run or not: there is only the one.
    expect(await jobsIn(kind.queue)).toBe(1);
    await waitFor('nothing left to run', async () => (await one.queue.jobCounts())?.active === 0);
    expect(one.handler.runs.map((run) => [run.id, run.data.item])).toEqual([['item-once', 'once']]);
  });

  it('retries a failing job with backoff, logs a repeated failure once, and the last one as an error', async () => {
    const { queue, handler } = queueOf({ jobOptions: { attempts: 3, backoff: { type: 'fixed', delay: 100 } } });
    handler.fail = (run) => (run.data.item === 'flaky' && run.attemptsMade < 2 ? 'SMTP said no' : undefined);
    await queue.add({ item: 'flaky' }, { jobId: 'item-flaky' });
    await waitFor('the third attempt', () => handler.ranFor('flaky') === 3, 5_000);
    expect(handler.runs.map((run) => [run.attemptsMade, run.finalAttempt])).toEqual([
      [0, false],
      [1, false],
      [2, true],
    ]);

    handler.fail = (run) => (run.data.item === 'doomed' ? 'mailbox full' : undefined);
    await queue.add({ item: 'doomed' }, { jobId: 'item-doomed' });
    await waitFor('the error line', () => lines.of('error', /item-doomed/).length === 1, 5_000);
    expect(handler.ranFor('doomed')).toBe(3);
    // Two failed attempts, one warning: the same problem is not logged again.
    expect(lines.of('warn', /item-doomed failed \(attempt 1 of 3, will retry\): mailbox full/)).toHaveLength(1);
    expect(lines.of('warn', /item-doomed/)).toHaveLength(1);
    expect(lines.of('error', /item-doomed/)).toEqual(['job item-doomed failed for good after 3 attempt(s): mailbox full']);
  });

  it("gives a job its own retries over its kind's, whether it is added or swept", async () => {
    // One queue carrying work of two retry policies (messaging's one email job): the kind's is a single attempt.
    const handler = new (class extends Recorder {
      override async pending(): Promise<PendingJob<Item>[]> {
        const due = await super.pending();
        // Handed to one sweep only, so the failed job is not started over by the next.
        this.undone.clear();
        return due.map((job) => ({ ...job, retries: { attempts: 2, backoff: { type: 'fixed', delay: 100 } } }));
      }
    })();
    const { queue } = queueOf({ jobOptions: { attempts: 1 }, sweepEveryMs: 200 }, TEST_REDIS_URL, handler);
    handler.fail = (run) => (run.attemptsMade < 2 ? 'SMTP said no' : undefined);

    await queue.add({ item: 'added' }, { jobId: 'item-added', attempts: 3, backoff: { type: 'fixed', delay: 100 } });
    await waitFor('the third attempt of the added job', () => handler.ranFor('added') === 3, 5_000);
    handler.undone.add('swept');
    await waitFor('the second attempt of the swept job', () => handler.ranFor('swept') === 2, 5_000);
    await waitFor('the swept job failed for good', () => lines.of('error', /item-swept failed for good/).length === 1, 5_000);
    expect(
      handler.runs.map((run) => [run.data.item, run.attemptsMade, run.finalAttempt]),
    ).toEqual([
      ['added', 0, false],
      ['added', 1, false],
      ['added', 2, true],
      ['swept', 0, false],
      ['swept', 1, true],
    ]);
  });

  it('runs handlers of a feature module, injects the queue, and starts and stops with the application', async () => {
    const kind = defineJob<Item>({ queue: `probe-nest-${randomUUID().slice(0, 8)}`, handler: Recorder });
    @Injectable()
    class Feature {
      constructor(@InjectJobQueue(kind) readonly queue: JobQueue<Item>) {}
    }
    @Global()
    @Module({ providers: [{ provide: SERVICE_CONFIG, useValue: testConfig({ REDIS_PREFIX: PREFIX }) }], exports: [SERVICE_CONFIG] })
    class Config {}
    @Module({ imports: [JobsModule.forFeature([kind])], providers: [Recorder, Feature] })
    class FeatureModule {}
    @Module({ imports: [Config, FeatureModule] })
    class App {}

    const app = await NestFactory.createApplicationContext(App, { logger: lines });
    await app.init();
    try {
      await app.get(Feature).queue.add({ item: 'from-nest' });
      await waitFor('the run', () => app.get(Recorder).ranFor('from-nest') === 1, 5_000);
    } finally {
      await app.close();
    }
    await expect(app.get(Feature).queue.add({ item: 'after close' })).rejects.toThrow(/is not running/);
  });
});

describe('jobs while Redis is away', () => {
  const redis = new PrivateRedis();

  beforeAll(async () => {
    await redis.hold();
  });

  afterAll(async () => {
    await redis.destroy();
  });

  it('starts without Redis and writes its schedule once Redis is there', async () => {
    // start() returns nothing to wait for; the queue runs without a connection until a redis-server listens.
    const { queue, handler, kind } = queueOf({ schedule: { id: 'tick', repeat: { every: 200 }, data: { item: 'tick' } } }, redis.url);
    expect(await queue.jobCounts()).toBeNull();
    await redis.start();
    await waitFor('a scheduled run', () => handler.ranFor('tick') >= 1, 10_000);
    expect(await readJobScheduler({ redisUrl: redis.url, redisPrefix: PREFIX, queue: kind.queue, id: 'tick' })).toMatchObject({ every: 200 });
  });

  it('gives up adding after 2 s while Redis is away, and says the sweep will add it', async () => {
    await redis.stop();
    const { queue, handler } = queueOf({ sweepEveryMs: 200 }, redis.url);
    handler.undone.add('while-away');
    // It gives up on its own 2 s wait (Redis does not come back until after), which the warning names.
    expect(await queue.tryAdd({ item: 'while-away' }, { jobId: 'item-while-away' })).toBe(false);
    expect(lines.of('warn', /item-while-away not added yet \(adding to .* did not finish in 2000 ms\); the sweep will add it/)).toHaveLength(1);

    await redis.start();
    await waitFor('the job run once Redis is back', () => handler.ranFor('while-away') === 1, 10_000);
    // The add left queued while Redis was away goes first on reconnection; two sweeps later nothing is left to run.
    await afterSweepsNothingLeft(queue, handler, 2);
    expect(handler.ranFor('while-away')).toBe(1);
  });

  it('re-adds work Redis lost from the source of truth, once, and starts over a job that failed for good', async () => {
    await redis.start();
    const { queue, handler } = queueOf({ sweepEveryMs: 200, jobOptions: { attempts: 1 } }, redis.url);
    // Pending in the source of truth, with no job in Redis (lost in a failover, or never added).
    handler.undone.add('lost');
    await waitFor('the swept job run', () => handler.ranFor('lost') === 1, 5_000);
    expect(lines.of('log', /added 1 pending job\(s\)/).length).toBeGreaterThanOrEqual(1);

    // A job that failed for good while its work is still pending (say recording the failure did not happen).
    handler.fail = (run) => (run.data.item === 'stuck' && handler.ranFor('stuck') === 1 ? 'died' : undefined);
    await queue.add({ item: 'stuck' }, { jobId: 'item-stuck' });
    handler.undone.add('stuck');
    await waitFor('the failure', () => lines.of('error', /item-stuck failed for good/).length === 1, 5_000);
    await waitFor('the sweep to run it again', () => handler.ranFor('stuck') === 2, 5_000);

    // Several sweeps later, nothing ran twice more: done work is no longer pending.
    await afterSweepsNothingLeft(queue, handler, 3);
    expect(handler.ranFor('stuck')).toBe(2);
    expect(handler.ranFor('lost')).toBe(1);
  });

  it('runs at once a delayed job whose work the moved test clock made due, and no other (decision 0097)', async () => {
    const HOUR = 60 * 60 * 1000;
    /** Work due at a time on the session clock, as a reminder is: pending() answers only what is due by it. */
    class DueAt extends Recorder {
      readonly dueAt = new Map<string, number>();
      override async pending(): Promise<PendingJob<Item>[]> {
        return (await super.pending()).filter(({ data }) => this.dueAt.get(data.item)! <= nowMs());
      }
    }
    // A kind timed on the session clock, and one that is not (a refund's backoff): only the first follows a move.
    const onSessionClock = queueOf({ sweepEveryMs: 100, dueOnSessionClock: true }, TEST_REDIS_URL, new DueAt());
    const onSystemClock = queueOf({ sweepEveryMs: 100 }, TEST_REDIS_URL, new DueAt());
    for (const { queue, handler } of [onSessionClock, onSystemClock]) {
      for (const [item, hours] of [['in-1h', 1], ['in-3h', 3]] as const) {
        handler.undone.add(item);
        (handler as DueAt).dueAt.set(item, Date.now() + hours * HOUR);
        await queue.add({ item }, { jobId: `item-${item}`, delay: hours * HOUR });
      }
    }
    const handler = onSessionClock.handler;
    const sweepsBefore = handler.sweeps;
    await waitFor('two sweeps', () => handler.sweeps >= sweepsBefore + 2);
    expect(handler.runs).toHaveLength(0);

    try {
      setClockOffset(2 * HOUR);
      await waitFor('the job due on the moved clock run', () => handler.ranFor('in-1h') === 1);
      const [sweepsAfter, otherSweepsAfter] = [handler.sweeps, onSystemClock.handler.sweeps];
      await waitFor('two more sweeps of each', () => handler.sweeps >= sweepsAfter + 2 && onSystemClock.handler.sweeps >= otherSweepsAfter + 2);
      expect(handler.ranFor('in-3h')).toBe(0);
      expect((await onSessionClock.queue.jobCounts())?.delayed).toBe(1);
      expect(onSystemClock.handler.runs).toHaveLength(0);
      expect((await onSystemClock.queue.jobCounts())?.delayed).toBe(2);
    } finally {
      setClockOffset(0);
    }
  });

  it('stops in bounded time while Redis is away, and says one line per problem meanwhile', async () => {
    await redis.start();
    // Every Redis client the queue makes (BullMQ duplicates its connection for the worker) connects through here.
    const connects = vi.spyOn(Redis.prototype, 'connect');
    const { queue, kind } = queueOf({ schedule: { id: 'tick', repeat: { every: 60_000 } }, sweepEveryMs: 100 }, redis.url);
    await waitFor('the schedule written', async () => (await readJobScheduler({ redisUrl: redis.url, redisPrefix: PREFIX, queue: kind.queue, id: 'tick' })) !== undefined);
    const clients = () => new Set(connects.mock.contexts as Redis[]);
    const warnedBefore = lines.of('warn', /Redis: /).length;
    const connectsBefore = connects.mock.calls.length;
    await redis.stop();
    // Each reconnection attempt is a connect() call: three of them, each failing the same way.
    await waitFor('three reconnection attempts', () => connects.mock.calls.length - connectsBefore >= 3);
    // Every reconnection fails the same way: a line or two per problem, not one per attempt.
    expect(lines.of('warn', /Redis: /).length - warnedBefore).toBeLessThanOrEqual(3);

    // Bounded: it returns while Redis is still away (it comes back only after), whatever it was waiting for.
    await queue.close();
    connects.mockRestore();
    // And nothing of it is left trying to reconnect: every client it made has ended, for good.
    expect([...clients()].map((client) => client.status)).toEqual([...clients()].map(() => 'end'));
    await redis.start();
    const probe = new Redis(redis.url);
    try {
      const clients = ((await probe.client('LIST')) as string).trim().split('\n');
      expect(clients).toHaveLength(1);
    } finally {
      probe.disconnect();
    }
  });
});
