import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { deadLetterStreamOf } from '@hunted/contracts';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { BaseEnv } from '../config/env.js';
import { EventConsumer } from '../events/event-consumer.js';
import { REDIS, SERVICE_CONFIG, SERVICE_NAME } from '../tokens.js';
import { AppMetrics } from './app-metrics.js';

/** What a job queue tells the metrics: its name and its counts when it can read them. */
export interface CountedJobQueue {
  readonly name: string;
  jobCounts(): Promise<Record<string, number> | null>;
}

/** A scrape must not wait on a dependency that is away: each read gives up after this and leaves the last value. */
const READ_TIMEOUT_MS = 1_000;

function withinReadTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), READ_TIMEOUT_MS).unref()),
  ]);
}

/** XINFO GROUPS answers a flat list of name/value pairs per group. */
function groupInfo(reply: unknown[], group: string): Record<string, unknown> | undefined {
  for (const entry of reply as unknown[][]) {
    const fields: Record<string, unknown> = {};
    for (let i = 0; i + 1 < entry.length; i += 2) fields[String(entry[i])] = entry[i + 1];
    if (fields.name === group) return fields;
  }
  return undefined;
}

/** Milliseconds since the stream entry `id` was written (its first part is the time Redis wrote it). */
function ageOfEntry(id: string): number {
  return Math.max(0, Date.now() - Number(id.split('-')[0]));
}

/**
 * A service's platform metrics, read when Prometheus scrapes: the PostgreSQL pool, the outbox backlog, the event
 * consumer's lag and pending entries per stream, dead letters, and each job queue's depth. Feature metrics (bookings
 * by transition, live sockets) are counted by their owners on the same `AppMetrics`.
 */
@Injectable()
export class ServiceMetricsCollector implements OnApplicationBootstrap {
  private readonly jobQueues = new Map<string, CountedJobQueue>();

  constructor(
    private readonly metrics: AppMetrics,
    private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(SERVICE_CONFIG) private readonly config: BaseEnv,
  ) {}

  /** Counts a job queue's depth (the jobs module adds each queue it makes). */
  trackJobQueue(queue: CountedJobQueue): void {
    this.jobQueues.set(queue.name, queue);
  }

  onApplicationBootstrap(): void {
    const consumer = this.optional(EventConsumer);
    const pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    this.metrics.gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: in use, idle, and requests waiting for one',
      labelNames: ['state'],
      collect() {
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });

    const outbox = this.metrics.gauge({
      name: 'events_outbox_backlog',
      help: 'Events written to the outbox and not yet relayed to their stream',
    });
    const outboxAge = this.metrics.gauge({
      name: 'events_outbox_oldest_age_seconds',
      help: 'Age of the oldest event not yet relayed (0 when none waits)',
    });
    const deadLetters = this.metrics.gauge({
      name: 'events_dead_letters',
      help: "Entries on this service's dead-letter stream (events it could not apply)",
    });
    const consumerGauges = {
      lag: this.metrics.gauge({
        name: 'events_consumer_lag',
        help: "Entries of a stream not yet delivered to this service's consumer group",
        labelNames: ['stream'],
      }),
      pending: this.metrics.gauge({
        name: 'events_consumer_pending',
        help: 'Entries delivered to this service and not yet acknowledged (being applied or retried)',
        labelNames: ['stream'],
      }),
      pendingAge: this.metrics.gauge({
        name: 'events_consumer_oldest_pending_age_seconds',
        help: 'Age of the oldest entry delivered and not yet acknowledged (0 when none)',
        labelNames: ['stream'],
      }),
    };
    const jobs = this.metrics.gauge({
      name: 'jobs_queue_jobs',
      help: 'Jobs of a queue by state: waiting, delayed, active, and failed ones kept for inspection',
      labelNames: ['queue', 'state'],
    });

    const schema = this.config.DATABASE_SCHEMA ?? this.service;
    const prefix = this.config.REDIS_PREFIX;
    this.metrics.onScrape(async () => {
      const rows = (await withinReadTimeout(
        this.dataSource.query(
          `select count(*)::int as backlog, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
             from "${schema}".outbox where published_at is null`,
        ),
      )) as { backlog: number; age: number }[];
      outbox.set(rows[0]?.backlog ?? 0);
      outboxAge.set(rows[0]?.age ?? 0);
    });
    this.metrics.onScrape(async () =>
      deadLetters.set(await withinReadTimeout(this.redis.xlen(prefix + deadLetterStreamOf(this.service)))),
    );
    this.metrics.onScrape(async () => {
      await Promise.all(
        [...this.jobQueues.values()].map(async (queue) => {
          const counts = await withinReadTimeout(queue.jobCounts());
          for (const [state, count] of Object.entries(counts ?? {})) jobs.set({ queue: queue.name, state }, count);
        }),
      );
    });
    if (consumer)
      this.metrics.onScrape(async () => {
        await Promise.all(
          consumer.streamNames.map((stream) => this.readConsumer(stream, consumer.group, consumerGauges)),
        );
      });
  }

  private async readConsumer(
    stream: string,
    group: string,
    gauges: Record<'lag' | 'pending' | 'pendingAge', ReturnType<AppMetrics['gauge']>>,
  ): Promise<void> {
    const label = { stream: stream.slice(this.config.REDIS_PREFIX.length) };
    let groups: unknown[];
    let summary: [number, string | null, string | null, unknown];
    try {
      [groups, summary] = await withinReadTimeout(
        Promise.all([
          this.redis.call('XINFO', 'GROUPS', stream) as Promise<unknown[]>,
          this.redis.call('XPENDING', stream, group) as Promise<[number, string | null, string | null, unknown]>,
        ]),
      );
    } catch (error) {
      // Before the consumer has made its group (just started) there is nothing behind: no lag, nothing pending.
      if (!/no such key|NOGROUP/i.test((error as Error).message)) throw error;
      [groups, summary] = [[], [0, null, null, null]];
    }
    const info = groupInfo(groups, group);
    gauges.lag.set(label, Number(info?.lag ?? 0));
    gauges.pending.set(label, Number(summary[0]));
    gauges.pendingAge.set(label, summary[1] ? ageOfEntry(summary[1]) / 1000 : 0);
  }

  private optional<T>(token: abstract new (...args: never[]) => T): T | undefined {
    try {
      return this.moduleRef.get(token as never, { strict: false }) as T;
    } catch {
      return undefined;
    }
  }
}
