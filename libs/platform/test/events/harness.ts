import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { IntegrationEvent } from '@hunted/contracts';
import {
  EventConsumer,
  EventPublisher,
  EventsModule,
  PlatformModule,
  type EventConsumerOptions,
  type EventHandler,
  type OutboxRelayOptions,
} from '@hunted/platform';
import { TEST_DATABASE_URL, TEST_REDIS_URL, testConfig } from '@hunted/platform/testing';

export { PrivateRedis, waitFor } from '@hunted/platform/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DataSource, type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';

export function uniqueName(): string {
  return `evt_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** What the test consumer's handler saw, and which users it must refuse. */
export interface Probe {
  handled: string[];
  alwaysFailFor: Set<string>;
  /** Users the second handler of identity.user.updated (UserUpdatedEchoRecorder) refuses, after the first applied. */
  secondFailsFor: Set<string>;
}

export function newProbe(): Probe {
  return { handled: [], alwaysFailFor: new Set(), secondFailsFor: new Set() };
}

const PROBE = Symbol('PROBE');

@Module({})
class ProbeModule {
  static with(probe: Probe): DynamicModule {
    return { module: ProbeModule, providers: [{ provide: PROBE, useValue: probe }], exports: [PROBE] };
  }
}

/** The consuming side's own state: a replica of users that counts how often each one was applied. */
export class TestUserReplica1800000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'create table user_replica (user_id uuid primary key, first_name text, applied_count integer not null)',
    );
    await queryRunner.query('create table user_echo (user_id uuid primary key, applied_count integer not null)');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('drop table user_echo');
    await queryRunner.query('drop table user_replica');
  }
}

@Injectable()
export class UserUpdatedRecorder implements EventHandler<'identity.user.updated'> {
  readonly type = 'identity.user.updated' as const;

  constructor(@Inject(PROBE) private readonly probe: Probe) {}

  async handle(event: IntegrationEvent<'identity.user.updated'>, manager: EntityManager): Promise<void> {
    this.probe.handled.push(event.id);
    if (this.probe.alwaysFailFor.has(event.data.userId)) throw new Error(`replica rejects user ${event.data.userId}`);
    await manager.query(
      `insert into user_replica (user_id, first_name, applied_count) values ($1, $2, 1)
       on conflict (user_id) do update set first_name = excluded.first_name, applied_count = user_replica.applied_count + 1`,
      [event.data.userId, event.data.firstName],
    );
  }
}

/**
 * A second handler of identity.user.updated, as a feature keeps beside a shared copy's: it runs after
 * UserUpdatedRecorder in the same inbox transaction and counts its own applications in `user_echo`.
 */
@Injectable()
export class UserUpdatedEchoRecorder implements EventHandler<'identity.user.updated'> {
  readonly type = 'identity.user.updated' as const;

  constructor(@Inject(PROBE) private readonly probe: Probe) {}

  async handle(event: IntegrationEvent<'identity.user.updated'>, manager: EntityManager): Promise<void> {
    await manager.query(
      `insert into user_echo (user_id, applied_count) values ($1, 1)
       on conflict (user_id) do update set applied_count = user_echo.applied_count + 1`,
      [event.data.userId],
    );
    if (this.probe.secondFailsFor.has(event.data.userId)) throw new Error(`echo rejects user ${event.data.userId}`);
  }
}

export function userUpdated(userId: string, firstName = 'Ada') {
  return { userId, email: `${userId}@example.test`, firstName, lastName: 'Lovelace', profileImageUrl: null, instagramUrl: null };
}

/** One test's world: schemas and a stream prefix of its own, and the apps it started, closed in `close()`. */
export class EventBusWorld {
  readonly name = uniqueName();
  readonly prefix = `test:${this.name}:`;
  readonly producerSchema = `${this.name}_identity`;
  readonly consumerSchema = `${this.name}_reviews`;
  readonly probe = newProbe();
  private readonly apps: INestApplicationContext[] = [];
  private readonly redisClients: Redis[] = [];

  constructor(readonly redisUrl = TEST_REDIS_URL) {}

  /** The identity service's platform: EventPublisher and a running OutboxRelay. */
  async startProducer(relay: Partial<OutboxRelayOptions> = {}, options: { databaseUrl?: string; redisUrl?: string } = {}) {
    const config = testConfig({
      PORT: '1',
      DATABASE_SCHEMA: this.producerSchema,
      REDIS_URL: options.redisUrl ?? this.redisUrl,
      REDIS_PREFIX: this.prefix,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    });
    const app = await this.start(
      PlatformModule.forService({
        name: 'identity',
        config,
        entities: [],
        migrations: [],
        relay: { pollIntervalMs: 50, retryBaseMs: 50, maxBackoffMs: 300, ...relay },
      }),
    );
    const dataSource = app.get(DataSource);
    const publisher = app.get(EventPublisher);
    return {
      app,
      dataSource,
      publisher,
      publishUserUpdated: (userId: string, firstName?: string) =>
        dataSource.transaction((manager) => publisher.publish(manager, 'identity.user.updated', userUpdated(userId, firstName))),
    };
  }

  /**
   * The reviews service, consuming identity.user.updated; with `consume: false` only its schema is migrated, with
   * `secondHandler` UserUpdatedEchoRecorder handles the type too, after UserUpdatedRecorder.
   */
  async startConsumer(
    options: { consume?: boolean; secondHandler?: boolean; consumer?: Partial<EventConsumerOptions>; databaseUrl?: string; redisUrl?: string } = {},
  ) {
    const config = testConfig({
      PORT: '1',
      DATABASE_SCHEMA: this.consumerSchema,
      REDIS_URL: options.redisUrl ?? this.redisUrl,
      REDIS_PREFIX: this.prefix,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    });
    const platform = PlatformModule.forService({ name: 'reviews', config, entities: [], migrations: [TestUserReplica1800000000000] });
    const events = EventsModule.forService({
      consumes: options.secondHandler ? [UserUpdatedRecorder, UserUpdatedEchoRecorder] : [UserUpdatedRecorder],
      imports: [ProbeModule.with(this.probe)],
      consumer: { claimIntervalMs: 100, claimIdleMs: 500, retryDelayMs: 50, blockMs: 200, ...options.consumer },
    });
    const app = await this.start(platform, ...(options.consume === false ? [] : [events]));
    return { app, dataSource: app.get(DataSource), consumer: options.consume === false ? null : app.get(EventConsumer) };
  }

  redis(): Redis {
    const client = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    client.on('error', () => undefined);
    this.redisClients.push(client);
    return client;
  }

  stream(service = 'identity'): string {
    return `${this.prefix}events:${service}`;
  }

  async closeApp(app: INestApplicationContext): Promise<void> {
    const index = this.apps.indexOf(app);
    if (index >= 0) this.apps.splice(index, 1);
    await app.close();
  }

  async close(): Promise<void> {
    for (const app of this.apps.splice(0).reverse()) await app.close();
    const redis = new Redis(this.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      const keys = await redis.keys(`${this.prefix}*`);
      if (keys.length) await redis.del(...keys);
    } catch {
      // a private redis-server already gone takes its keys with it
    } finally {
      redis.disconnect();
    }
    for (const client of this.redisClients) client.disconnect();
    const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`drop schema if exists "${this.producerSchema}" cascade`);
      await db.query(`drop schema if exists "${this.consumerSchema}" cascade`);
    } finally {
      await db.end();
    }
  }

  private async start(...imports: DynamicModule[]): Promise<INestApplicationContext> {
    @Module({ imports })
    class TestServiceModule {}
    const app = await NestFactory.createApplicationContext(TestServiceModule, {
      logger: process.env.EVENTS_TEST_LOGS ? ['error', 'warn', 'log'] : false,
    });
    this.apps.push(app);
    return app;
  }
}

/** A redis-server of the test's own (append-only, like production) that it may stop and start again. */

export async function appliedCount(dataSource: DataSource, userId: string): Promise<number> {
  const rows: { applied_count: number }[] = await dataSource.query('select applied_count from user_replica where user_id = $1', [userId]);
  return rows[0]?.applied_count ?? 0;
}

export async function echoCount(dataSource: DataSource, userId: string): Promise<number> {
  const rows: { applied_count: number }[] = await dataSource.query('select applied_count from user_echo where user_id = $1', [userId]);
  return rows[0]?.applied_count ?? 0;
}

export async function pendingCount(redis: Redis, stream: string, group: string): Promise<number> {
  const summary = (await redis.call('XPENDING', stream, group)) as [number, ...unknown[]];
  return Number(summary[0]);
}
