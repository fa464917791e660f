import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BookingEmailPlanner } from '../../booking-emails/booking-email-planner.js';
import { BookingCopies } from '../booking-copies.js';

/** A booking cancelled: the copy says so, reminders are dropped and both sides get the cancellation. */
@Injectable()
export class BookingCancelledHandler implements EventHandler<'bookings.booking.cancelled'> {
  readonly type = 'bookings.booking.cancelled' as const;

  constructor(
    private readonly bookings: BookingCopies,
    private readonly emails: BookingEmailPlanner,
  ) {}

  async handle(event: IntegrationEvent<'bookings.booking.cancelled'>, manager: EntityManager): Promise<void> {
    // Older news than the copy holds (events overtook each other) changes nothing and sends nothing.
    if (await this.bookings.apply(manager, event.data, 'cancelled')) await this.emails.cancelled(manager, event.data);
  }
}
