import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { EventPayload, EventType, IntegrationEvent } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { EventPublisher } from '../events/event-publisher.js';
import { PlatformModule } from '../platform.module.js';
import { testConfig } from './test-env.js';

/** Another service's publishing side, for a test of a consumer: see startTestPublisher. */
export interface TestPublisher {
  /** Records the event in the publisher's outbox in a transaction of its own; the relay sends it on. */
  publish<T extends EventType>(type: T, data: EventPayload<T>): Promise<IntegrationEvent<T>>;
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
    close: () => app.close(),
  };
}
