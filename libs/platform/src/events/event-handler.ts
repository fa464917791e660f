import type { EventType, IntegrationEvent } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Applies one event type to the consuming service's own tables. `handle` runs inside the transaction that also
 * records the event in the inbox, so it must write through `manager`; anything it does elsewhere (HTTP calls,
 * emails) is not rolled back and may run more than once, so enqueue such work as an idempotent job instead.
 */
export interface EventHandler<T extends EventType = EventType> {
  readonly type: T;
  handle(event: IntegrationEvent<T>, manager: EntityManager): Promise<void>;
}
