import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BookingEmailPlanner } from '../../booking-emails/booking-email-planner.js';
import { BookingCopies } from '../booking-copies.js';

/** A booking moved: the copy takes the new times and sequence; the updated invite goes and the reminders are re-planned. */
@Injectable()
export class BookingRescheduledHandler implements EventHandler<'bookings.booking.rescheduled'> {
  readonly type = 'bookings.booking.rescheduled' as const;

  constructor(
    private readonly bookings: BookingCopies,
    private readonly emails: BookingEmailPlanner,
  ) {}

  async handle(event: IntegrationEvent<'bookings.booking.rescheduled'>, manager: EntityManager): Promise<void> {
    // Older news than the copy holds (events overtook each other) changes nothing and sends nothing.
    if (await this.bookings.apply(manager, event.data, 'confirmed')) await this.emails.rescheduled(manager, event.data);
  }
}
