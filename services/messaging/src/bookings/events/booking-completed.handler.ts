import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BookingEmailPlanner } from '../../booking-emails/booking-email-planner.js';
import { BookingCopies } from '../booking-copies.js';

/** A booking over: the copy says so (conversations stay); no email. */
@Injectable()
export class BookingCompletedHandler implements EventHandler<'bookings.booking.completed'> {
  readonly type = 'bookings.booking.completed' as const;

  constructor(
    private readonly bookings: BookingCopies,
    private readonly emails: BookingEmailPlanner,
  ) {}

  async handle(event: IntegrationEvent<'bookings.booking.completed'>, manager: EntityManager): Promise<void> {
    // Older news than the copy holds (events overtook each other) changes nothing and sends nothing.
    if (await this.bookings.apply(manager, event.data, 'completed')) await this.emails.completed(manager, event.data);
  }
}
