import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { EventPayload, EventType, IntegrationEvent } from '@hunted/contracts';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { EventPublisher } from '../events/event-publisher.js';
import { PlatformModule } from '../platform.module.js';
import { testConfig } from './test-env.js';

/** Another service's publishing side, for a test of a consumer: see startTestPublisher. */
export interface TestPublisher {
  /** Records the event in the publisher's outbox in a transaction of its own; the relay sends it on. */
  publish<T extends EventType>(type: T, data: EventPayload<T>): Promise<IntegrationEvent<T>>;
  /** True once every event published so far is on its stream (nothing left unsent in the outbox). */
  allSent(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * `service`'s publishing side as it runs — its own schema, outbox and a quick relay — writing to the stream
 * `<redisPrefix>events:<service>`, so a consumer under test receives real events through Redis. The caller drops
 * `schema` when done.
 */
export async function startTestPublisher(
  service: string,
  { schema, redisPrefix }: { schema: string; redisPrefix: string },
): Promise<TestPublisher> {
  const config = testConfig({ PORT: '1', DATABASE_SCHEMA: schema, REDIS_PREFIX: redisPrefix });
  @Module({
    imports: [
      PlatformModule.forService({
        name: service,
        config,
        entities: [],
        migrations: [],
        relay: { pollIntervalMs: 50, retryBaseMs: 50, maxBackoffMs: 300 },
      }),
    ],
  })
  class TestPublisherModule {}
  const app = await NestFactory.createApplicationContext(TestPublisherModule, { logger: false });
  const dataSource = app.get(DataSource);
  const publisher = app.get(EventPublisher);
  return {
    publish: (type, data) => dataSource.transaction((manager) => publisher.publish(manager, type, data)),
    allSent: async () => {
      const [row] = (await dataSource.query('select count(*)::int as n from outbox where published_at is null')) as [{ n: number }];
      return row.n === 0;
    },
    close: () => app.close(),
  };
}

/**
 * True once consumer group `group` has read and acknowledged everything so far on every event stream under
 * `redisPrefix` that it reads (dead-letter streams aside): every event on Redis until now has been applied, or
 * parked. With `TestPublisher.allSent` this is the point after which an event published earlier can change nothing
 * more, which a test waits for (after a last event, as a marker) instead of sleeping "long enough".
 */
export async function consumerCaughtUp(redis: Redis, redisPrefix: string, group: string): Promise<boolean> {
  const streams: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}events:*`, 'COUNT', 500, 'TYPE', 'stream');
    streams.push(...keys.filter((key) => !key.startsWith(`${redisPrefix}events:dead-letter:`)));
    cursor = next;
  } while (cursor !== '0');
  for (const stream of streams) {
    const groups = (await redis.call('XINFO', 'GROUPS', stream)) as unknown[][];
    const info = groups.map(fieldsOf).find((fields) => fields.name === group);
    if (!info) continue;
    const streamInfo = fieldsOf((await redis.call('XINFO', 'STREAM', stream)) as unknown[]);
    if (info['last-delivered-id'] !== streamInfo['last-generated-id'] || Number(info.pending) !== 0) return false;
  }
  return true;
}

/** A Redis reply of alternating names and values, as a record (values as text). */
function fieldsOf(reply: unknown[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < reply.length; i += 2) fields[String(reply[i])] = String(reply[i + 1]);
  return fields;
}
