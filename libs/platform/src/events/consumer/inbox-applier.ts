import { assertMayHandle, streamOfEventType, type EventType, type IntegrationEvent } from '@hunted/contracts';
import type { DataSource } from 'typeorm';
import type { EventHandler } from '../event-handler.js';
import { InboxEntry } from '../inbox.entity.js';
import { tableOf } from '../tables.js';
import { inConsumeSpan } from '../event-spans.js';

/**
 * Applying: each event applied by every handler of its type, in registration order, with its inbox row in one
 * transaction, so a redelivered event finds the row and changes nothing, and a throw in any handler applies none.
 * Several handlers for one type let each feature keep its own (a shared copy's handler and a feature's own
 * follow-up both react to `bookings.booking.completed`) without one handler reaching into another's folder.
 */
export class InboxApplier {
  private readonly handlers = new Map<string, EventHandler[]>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly service: string,
    handlers: EventHandler[],
  ) {
    for (const handler of handlers) {
      assertMayHandle(service, handler.type as EventType);
      const ofType = this.handlers.get(handler.type) ?? [];
      // The same provider listed twice would apply the event twice: a wiring mistake, refused at start.
      if (ofType.includes(handler)) throw new Error(`${handler.constructor.name} is registered twice for ${handler.type}`);
      ofType.push(handler);
      this.handlers.set(handler.type, ofType);
    }
  }

  /** The (unprefixed) streams carrying the handled types. */
  streams(): string[] {
    return [...new Set([...this.handlers.keys()].map((type) => streamOfEventType(type as EventType)))];
  }

  handles(type: string): boolean {
    return this.handlers.has(type);
  }

  /**
   * Applies an event with every handler of its type and records it in the inbox, in one transaction. Returns false,
   * changing nothing, when the inbox shows it was applied before.
   */
  async apply(event: IntegrationEvent): Promise<boolean> {
    const handlers = this.handlers.get(event.type);
    if (!handlers) throw new Error(`${this.service} has no handler for ${event.type}`);
    return inConsumeSpan(event, this.service, () => this.dataSource.transaction(async (manager) => {
      // A concurrent delivery of the same event waits here on the primary key until this one commits, then skips.
      const inserted: unknown[] = await manager.query(
        `insert into ${tableOf(manager, InboxEntry)} (event_id, type) values ($1, $2) on conflict (event_id) do nothing returning event_id`,
        [event.id, event.type],
      );
      if (inserted.length === 0) return false;
      // One after another, never at once: they share the transaction's one connection, and a later handler may read
      // what an earlier one wrote.
      for (const handler of handlers) await handler.handle(event, manager);
      return true;
    }));
  }
}
