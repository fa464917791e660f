import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BookingEmailPlanner } from '../booking-email-planner.js';
import { MessagingBookings, type MessagingBookingStatus } from '../../bookings/messaging-bookings.js';

/** The events that change a booking's state, each leaving messaging's facts in one. */
type BookingChange =
  | 'bookings.booking.confirmed'
  | 'bookings.booking.rescheduled'
  | 'bookings.booking.cancelled'
  | 'bookings.booking.completed';

/**
 * A change of a booking's state, after the shared copy took it (BOOKING_COPY_HANDLERS): messaging's facts take it,
 * then the emails it calls for are planned, in the inbox transaction. Older news than the facts hold (events
 * overtook each other) changes nothing and sends nothing.
 */
@Injectable()
abstract class BookingChangeHandler<Type extends BookingChange> implements EventHandler<Type> {
  abstract readonly type: Type;
  /** The state messaging's facts hold after this event. */
  protected abstract readonly status: MessagingBookingStatus;
  protected abstract planEmails(manager: EntityManager, booking: IntegrationEvent<Type>['data']): Promise<void>;

  constructor(
    protected readonly bookings: MessagingBookings,
    protected readonly emails: BookingEmailPlanner,
  ) {}

  async handle(event: IntegrationEvent<Type>, manager: EntityManager): Promise<void> {
    if (await this.bookings.apply(manager, event.data, this.status)) await this.planEmails(manager, event.data);
  }
}

/**
 * A booking confirmed: its facts kept, its confirmation and reminders planned. (Its conversation opens in
 * conversations' own handler of the type, `conversations/events/booking-confirmed.handler.ts`, run after this one.)
 */
@Injectable()
export class BookingConfirmedHandler extends BookingChangeHandler<'bookings.booking.confirmed'> {
  readonly type = 'bookings.booking.confirmed' as const;
  protected readonly status = 'confirmed';
  protected planEmails(manager: EntityManager, booking: IntegrationEvent<'bookings.booking.confirmed'>['data']) {
    return this.emails.confirmed(manager, booking);
  }
}

/** A booking moved: the facts take the new sequence; the updated invite goes and the reminders are re-planned. */
@Injectable()
export class BookingRescheduledHandler extends BookingChangeHandler<'bookings.booking.rescheduled'> {
  readonly type = 'bookings.booking.rescheduled' as const;
  protected readonly status = 'confirmed';
  protected planEmails(manager: EntityManager, booking: IntegrationEvent<'bookings.booking.rescheduled'>['data']) {
    return this.emails.rescheduled(manager, booking);
  }
}

/** A booking cancelled: the facts say so, reminders are dropped and both sides get the cancellation. */
@Injectable()
export class BookingCancelledHandler extends BookingChangeHandler<'bookings.booking.cancelled'> {
  readonly type = 'bookings.booking.cancelled' as const;
  protected readonly status = 'cancelled';
  protected planEmails(manager: EntityManager, booking: IntegrationEvent<'bookings.booking.cancelled'>['data']) {
    return this.emails.cancelled(manager, booking);
  }
}

/** A booking over: the facts say so (conversations stay); any reminder still pending is dropped, no email. */
@Injectable()
export class BookingCompletedHandler extends BookingChangeHandler<'bookings.booking.completed'> {
  readonly type = 'bookings.booking.completed' as const;
  protected readonly status = 'completed';
  protected planEmails(manager: EntityManager, booking: IntegrationEvent<'bookings.booking.completed'>['data']) {
    return this.emails.completed(manager, booking);
  }
}
