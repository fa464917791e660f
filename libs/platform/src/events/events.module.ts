import { Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BaseEnv } from '../config/env.js';
import { SERVICE_CONFIG, SERVICE_NAME } from '../tokens.js';
import { EventConsumer, type EventConsumerOptions } from './event-consumer.js';
import type { EventHandler } from './event-handler.js';
import { retentionOption } from './retention.js';

export interface EventsModuleOptions {
  /** One handler class per consumed event type; the streams to read follow from their types. */
  consumes: Type<EventHandler>[];
  /** Modules whose exported providers the handlers inject. */
  imports?: ModuleMetadata['imports'];
  consumer?: Partial<EventConsumerOptions>;
}

/**
 * The consuming side of the event bus. Publishing needs nothing but PlatformModule (EventPublisher, OutboxRelay);
 * a service that consumes events imports `EventsModule.forService({ consumes: [...] })` once, in its AppModule.
 */
@Module({})
export class EventsModule {
  static forService(options: EventsModuleOptions): DynamicModule {
    return {
      module: EventsModule,
      imports: options.imports ?? [],
      providers: [
        ...options.consumes,
        {
          provide: EventConsumer,
          inject: [DataSource, SERVICE_NAME, SERVICE_CONFIG, ...options.consumes],
          useFactory: (dataSource: DataSource, service: string, config: BaseEnv, ...handlers: EventHandler[]) =>
            new EventConsumer(dataSource, { service, redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX }, handlers, {
              ...retentionOption(config.EVENT_RETENTION_DAYS),
              ...(config.EVENT_DEAD_LETTER_MAX_LENGTH > 0 ? { deadLetterMaxLength: config.EVENT_DEAD_LETTER_MAX_LENGTH } : {}),
              ...options.consumer,
            }),
        },
      ],
      exports: [EventConsumer],
    };
  }
}
