import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterRepository } from '../../store/hunter.repository.js';

/**
 * A session took place (bookings completes a confirmed booking once it has ended): the hunter's `totalSessions`
 * goes up by one, in the inbox transaction, once per booking. The platform's booking copy, which Hunter Edits read,
 * takes the same event with its own handler (BOOKING_COPY_HANDLERS, registered before this one).
 */
@Injectable()
export class BookingCompletedHandler implements EventHandler<'bookings.booking.completed'> {
  readonly type = 'bookings.booking.completed' as const;

  constructor(private readonly hunters: HunterRepository) {}

  async handle(event: IntegrationEvent<'bookings.booking.completed'>, manager: EntityManager): Promise<void> {
    await this.hunters.countCompletedSession(manager, event.data.bookingId, event.data.hunterId, event.occurredAt);
  }
}
