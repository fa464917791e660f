import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BookingEmailPlanner } from '../booking-email-planner.js';
import { MessagingBookings } from '../../bookings/messaging-bookings.js';

/**
 * A refund settled: noted in messaging's facts and the client told. It never changes the booking's state or sequence (a
 * late payment's refund concerns a booking that was never confirmed), so it is applied whatever order it came in.
 */
@Injectable()
export class BookingRefundedHandler implements EventHandler<'bookings.booking.refunded'> {
  readonly type = 'bookings.booking.refunded' as const;

  constructor(
    private readonly bookings: MessagingBookings,
    private readonly emails: BookingEmailPlanner,
  ) {}

  async handle(event: IntegrationEvent<'bookings.booking.refunded'>, manager: EntityManager): Promise<void> {
    await this.bookings.recordRefund(manager, event.data.bookingId, event.data.refundPence);
    await this.emails.refunded(manager, event.data);
  }
}
