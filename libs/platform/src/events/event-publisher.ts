import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_VERSIONS, publisherOf, type EventPayload, type EventType, type IntegrationEvent } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';
import { SERVICE_NAME } from '../tokens.js';
import { publishSpanTraceparent } from './event-spans.js';
import { OutboxEntry } from './outbox.entity.js';
import { tableOf } from './tables.js';

/** Set on a transaction's query runner when it wrote to the outbox, so the relay can wake once it commits. */
export const OUTBOX_WRITTEN = 'huntedOutboxWritten';

export class EventPublishError extends Error {}

/**
 * Records integration events in the service's outbox. The row is written through the caller's transactional
 * EntityManager, so the event exists exactly when the change it reports was committed; OutboxRelay sends it on.
 */
@Injectable()
export class EventPublisher {
  constructor(@Inject(SERVICE_NAME) private readonly service: string) {}

  async publish<T extends EventType>(manager: EntityManager, type: T, data: EventPayload<T>): Promise<IntegrationEvent<T>> {
    if (publisherOf(type) !== this.service) {
      throw new EventPublishError(`${this.service} cannot publish ${type}: only ${publisherOf(type)} publishes it`);
    }
    const queryRunner = manager.queryRunner;
    // Outside a transaction the event could be written while the change is rolled back, or the reverse.
    if (!queryRunner?.isTransactionActive) {
      throw new EventPublishError(`publish ${type} inside a transaction: pass the EntityManager of dataSource.transaction()`);
    }
    const event: IntegrationEvent<T> = {
      id: randomUUID(),
      type,
      version: EVENT_VERSIONS[type],
      occurredAt: new Date().toISOString(),
      data,
    };
    const traceparent = publishSpanTraceparent(event, this.service);
    if (traceparent) event.traceparent = traceparent;
    await manager.query(
      `insert into ${tableOf(manager, OutboxEntry)} (id, type, version, occurred_at, data, traceparent) values ($1, $2, $3, $4, $5, $6)`,
      [event.id, event.type, event.version, event.occurredAt, JSON.stringify(event.data), traceparent ?? null],
    );
    queryRunner.data[OUTBOX_WRITTEN] = true;
    return event;
  }
}
