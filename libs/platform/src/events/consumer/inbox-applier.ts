import { streamOfEventType, type EventType, type IntegrationEvent } from '@hunted/contracts';
import type { DataSource } from 'typeorm';
import type { EventHandler } from '../event-handler.js';
import { InboxEntry } from '../inbox.entity.js';
import { tableOf } from '../tables.js';
import { inConsumeSpan } from '../event-spans.js';

/**
 * Applying: one handler per event type, and each event applied with its inbox row in one transaction, so a
 * redelivered event finds the row and changes nothing.
 */
export class InboxApplier {
  private readonly handlers = new Map<string, EventHandler>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly service: string,
    handlers: EventHandler[],
  ) {
    for (const handler of handlers) {
      const existing = this.handlers.get(handler.type);
      if (existing) {
        throw new Error(`${handler.type} has two handlers (${existing.constructor.name}, ${handler.constructor.name}); register one per event type`);
      }
      this.handlers.set(handler.type, handler);
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
   * Applies an event and records it in the inbox, in one transaction. Returns false, changing nothing, when the
   * inbox shows it was applied before.
   */
  async apply(event: IntegrationEvent): Promise<boolean> {
    const handler = this.handlers.get(event.type);
    if (!handler) throw new Error(`${this.service} has no handler for ${event.type}`);
    return inConsumeSpan(event, this.service, () => this.dataSource.transaction(async (manager) => {
      // A concurrent delivery of the same event waits here on the primary key until this one commits, then skips.
      const inserted: unknown[] = await manager.query(
        `insert into ${tableOf(manager, InboxEntry)} (event_id, type) values ($1, $2) on conflict (event_id) do nothing returning event_id`,
        [event.id, event.type],
      );
      if (inserted.length === 0) return false;
      await handler.handle(event, manager);
      return true;
    }));
  }
}
