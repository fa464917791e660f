import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, Reflector } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { InternalAuthGuard } from './auth/internal-auth.guard.js';
import type { BaseEnv } from './config/env.js';
import { DatabaseBusyFilter } from './database/database-busy.filter.js';
import { databasePoolOptions } from './database/pool.js';
import { openMigratedDataSource } from './database/schema.js';
import { eventEntities } from './events/event-entities.js';
import { eventMigrations } from './events/event-migrations.js';
import { EventPublisher } from './events/event-publisher.js';
import { OutboxRelay, type OutboxRelayOptions } from './events/outbox-relay.js';
import { retentionOption } from './events/retention.js';
import { HealthController } from './health/health.controller.js';
import { RequestContextInterceptor } from './logging/request-context.interceptor.js';
import { AppMetrics } from './metrics/app-metrics.js';
import { ServiceMetricsCollector } from './metrics/service-metrics.js';
import { closeRedis, createRedisClient } from './redis/redis.js';
import { REDIS, SERVICE_CONFIG, SERVICE_NAME } from './tokens.js';
import { TestClockFollower } from './clock/test-clock-follower.js';

export interface PlatformOptions {
  /**
   * The service's name: its schema, its stream (`events:<name>`), its consumer group, and the audience of the
   * identity tokens it accepts (`hunted:<name>`, the gateway's route table names the owning service).
   */
  name: string;
  config: BaseEnv;
  /** Entity classes. */
  entities: readonly Class[];
  /** Migration classes, oldest first. */
  migrations: readonly Class[];
  /** Tuning of the outbox relay every service runs (tests shorten its waits). */
  relay?: Partial<OutboxRelayOptions>;
}

/** Any class: what TypeORM takes as an entity or a migration. */
type Class = abstract new (...args: never[]) => unknown;

/** The service's own list with the platform's (outbox, inbox) in front, so no service has to remember them. */
function withPlatformTables(platform: readonly Class[], own: readonly Class[]): Class[] {
  return [...platform, ...own];
}

export function schemaOf(options: Pick<PlatformOptions, 'name' | 'config'>): string {
  return options.config.DATABASE_SCHEMA ?? options.name;
}

@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /**
   * Everything a service needs from the platform: its configuration, PostgreSQL (its own schema, migrations
   * run on start under the schema's advisory lock), Redis, health endpoints, the deny-by-default identity guard, request-scoped logging, and the
   * publishing side of the event bus (outbox and inbox tables, EventPublisher, the OutboxRelay loop).
   */
  static forService(options: PlatformOptions): DynamicModule {
    const schema = schemaOf(options);
    const providers: Provider[] = [
      { provide: SERVICE_NAME, useValue: options.name },
      { provide: SERVICE_CONFIG, useValue: options.config },
      { provide: REDIS, useFactory: () => createRedisClient(options.config.REDIS_URL, options.name) },
      { provide: AppMetrics, useFactory: () => new AppMetrics(options.name) },
      ServiceMetricsCollector,
      TestClockFollower,
      {
        provide: APP_GUARD,
        inject: [Reflector],
        useFactory: (reflector: Reflector) =>
          new InternalAuthGuard(reflector, options.config.INTERNAL_AUTH_PUBLIC_KEY, options.name),
      },
      { provide: APP_INTERCEPTOR, useClass: RequestContextInterceptor },
      { provide: APP_FILTER, useClass: DatabaseBusyFilter },
      EventPublisher,
      {
        provide: OutboxRelay,
        inject: [DataSource],
        useFactory: (dataSource: DataSource) =>
          new OutboxRelay(
            dataSource,
            { service: options.name, redisUrl: options.config.REDIS_URL, redisPrefix: options.config.REDIS_PREFIX },
            { ...retentionOption(options.config.EVENT_RETENTION_DAYS), ...options.relay },
          ),
      },
    ];
    return {
      module: PlatformModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            type: 'postgres' as const,
            url: options.config.DATABASE_URL,
            schema,
            entities: withPlatformTables(eventEntities, options.entities),
            migrations: withPlatformTables(eventMigrations, options.migrations),
            migrationsTableName: 'migrations',
            // Run by openMigratedDataSource under the schema's advisory lock, so instances starting together
            // neither race to create the schema and the migrations table nor run a migration twice.
            migrationsRun: false,
            migrationsTransactionMode: 'each' as const,
            synchronize: false,
            extra: databasePoolOptions(options.config, schema),
          }),
          dataSourceFactory: (dataSourceOptions) =>
            openMigratedDataSource(options.config.DATABASE_URL, schema, dataSourceOptions as DataSourceOptions, {
              waiting: (name) => new Logger('Migrations').log(`another instance is migrating schema "${name}"; waiting for it`),
            }),
        }),
      ],
      controllers: [HealthController],
      providers,
      exports: [SERVICE_NAME, SERVICE_CONFIG, REDIS, EventPublisher, OutboxRelay, AppMetrics, ServiceMetricsCollector],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}
