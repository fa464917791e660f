import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { ClientSessionsRepository } from '../../edits/client-sessions.repository.js';
import { HunterRepository } from '../../hunters/hunter.repository.js';

/**
 * A session took place (bookings completes a confirmed booking once it has ended): the hunter's `totalSessions`
 * goes up by one, in the inbox transaction, once per booking; and the held-sessions copy that Hunter Edits are sent
 * for records the completion (the platform takes one handler per type, so both owners are called from here).
 */
@Injectable()
export class BookingCompletedHandler implements EventHandler<'bookings.booking.completed'> {
  readonly type = 'bookings.booking.completed' as const;

  constructor(
    private readonly hunters: HunterRepository,
    private readonly clientSessions: ClientSessionsRepository,
  ) {}

  async handle(event: IntegrationEvent<'bookings.booking.completed'>, manager: EntityManager): Promise<void> {
    await this.hunters.countCompletedSession(manager, event.data.bookingId, event.data.hunterId, event.occurredAt);
    await this.clientSessions.applyCompleted(manager, event.data, event.occurredAt);
  }
}
