import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BookingEmailPlanner } from '../booking-email-planner.js';

/*
 * The hunter's actions on a booking and what follows them: each tells the other side by email, once per event and
 * recipient (the event's id joins the email's once-key). None changes the booking's times, so they apply whatever
 * order they come in. The shared copy (BOOKING_COPY_HANDLERS, run first) keeps the mark and the outcome it makes.
 */

/** Marked held or a no-show: the client is told (a no-show's that they may dispute it). */
@Injectable()
export class BookingAttendanceMarkedHandler implements EventHandler<'bookings.booking.attendance-marked'> {
  readonly type = 'bookings.booking.attendance-marked' as const;

  constructor(private readonly emails: BookingEmailPlanner) {}

  async handle(event: IntegrationEvent<'bookings.booking.attendance-marked'>, manager: EntityManager): Promise<void> {
    await this.emails.attendanceMarked(manager, event.id, event.data);
  }
}

/** The client disputed a no-show: the hunter is told. */
@Injectable()
export class BookingDisputedHandler implements EventHandler<'bookings.booking.disputed'> {
  readonly type = 'bookings.booking.disputed' as const;

  constructor(private readonly emails: BookingEmailPlanner) {}

  async handle(event: IntegrationEvent<'bookings.booking.disputed'>, manager: EntityManager): Promise<void> {
    await this.emails.disputed(manager, event.id, event.data);
  }
}

/** An admin resolved the dispute: both sides are told the outcome (a refund's own email follows its event). */
@Injectable()
export class BookingDisputeResolvedHandler implements EventHandler<'bookings.booking.dispute-resolved'> {
  readonly type = 'bookings.booking.dispute-resolved' as const;

  constructor(private readonly emails: BookingEmailPlanner) {}

  async handle(event: IntegrationEvent<'bookings.booking.dispute-resolved'>, manager: EntityManager): Promise<void> {
    await this.emails.disputeResolved(manager, event.id, event.data);
  }
}

/** The hunter suggested another time: the client is told, to accept or decline on /my-bookings. */
@Injectable()
export class BookingTimeProposedHandler implements EventHandler<'bookings.booking.time-proposed'> {
  readonly type = 'bookings.booking.time-proposed' as const;

  constructor(private readonly emails: BookingEmailPlanner) {}

  async handle(event: IntegrationEvent<'bookings.booking.time-proposed'>, manager: EntityManager): Promise<void> {
    await this.emails.timeProposed(manager, event.id, event.data);
  }
}

/** The client declined the suggested time: the hunter is told. */
@Injectable()
export class BookingProposalDeclinedHandler implements EventHandler<'bookings.booking.proposal-declined'> {
  readonly type = 'bookings.booking.proposal-declined' as const;

  constructor(private readonly emails: BookingEmailPlanner) {}

  async handle(event: IntegrationEvent<'bookings.booking.proposal-declined'>, manager: EntityManager): Promise<void> {
    await this.emails.proposalDeclined(manager, event.id, event.data);
  }
}
