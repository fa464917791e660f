import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';
import type { EventHandler } from '../events/event-handler.js';
import { BookingCopies, type BookingNews } from './booking-copies.js';

/** The booking events that change a booking's outcome, the ones the copy is kept from. */
type OutcomeChange =
  | 'bookings.booking.confirmed'
  | 'bookings.booking.rescheduled'
  | 'bookings.booking.cancelled'
  | 'bookings.booking.completed'
  | 'bookings.booking.attendance-marked'
  | 'bookings.booking.dispute-resolved'
  | 'bookings.booking.outcome-restated';

@Injectable()
abstract class BookingCopyHandler<Type extends OutcomeChange> implements EventHandler<Type> {
  abstract readonly type: Type;

  constructor(private readonly copies: BookingCopies) {}

  async handle(event: IntegrationEvent<Type>, manager: EntityManager): Promise<void> {
    await this.copies.apply(manager, { booking: event.data, occurredAt: event.occurredAt, ...this.news(event) });
  }

  /** What this type says beyond the booking itself (what an event without an outcome is judged by). */
  protected abstract news(event: IntegrationEvent<Type>): Omit<BookingNews, 'booking' | 'occurredAt'>;
}

@Injectable()
export class BookingConfirmedCopyHandler extends BookingCopyHandler<'bookings.booking.confirmed'> {
  readonly type = 'bookings.booking.confirmed' as const;
  protected news() {
    return { state: 'confirmed' } as const;
  }
}

@Injectable()
export class BookingRescheduledCopyHandler extends BookingCopyHandler<'bookings.booking.rescheduled'> {
  readonly type = 'bookings.booking.rescheduled' as const;
  protected news() {
    return { state: 'confirmed' } as const;
  }
}

@Injectable()
export class BookingCancelledCopyHandler extends BookingCopyHandler<'bookings.booking.cancelled'> {
  readonly type = 'bookings.booking.cancelled' as const;
  protected news() {
    return { state: 'cancelled' } as const;
  }
}

@Injectable()
export class BookingCompletedCopyHandler extends BookingCopyHandler<'bookings.booking.completed'> {
  readonly type = 'bookings.booking.completed' as const;
  protected news() {
    return { state: 'completed' } as const;
  }
}

@Injectable()
export class BookingAttendanceCopyHandler extends BookingCopyHandler<'bookings.booking.attendance-marked'> {
  readonly type = 'bookings.booking.attendance-marked' as const;
  protected news(event: IntegrationEvent<'bookings.booking.attendance-marked'>) {
    return { attendance: { attendance: event.data.attendance, markedAt: event.data.markedAt } };
  }
}

@Injectable()
export class BookingDisputeResolvedCopyHandler extends BookingCopyHandler<'bookings.booking.dispute-resolved'> {
  readonly type = 'bookings.booking.dispute-resolved' as const;
  protected news(event: IntegrationEvent<'bookings.booking.dispute-resolved'>) {
    return { disputeResolution: event.data.resolution };
  }
}

/** Bookings said the outcome again (decision 0090): the copy takes it by its revision like any other. */
@Injectable()
export class BookingOutcomeRestatedCopyHandler extends BookingCopyHandler<'bookings.booking.outcome-restated'> {
  readonly type = 'bookings.booking.outcome-restated' as const;
  protected news() {
    return {};
  }
}

/**
 * The handlers a service keeping a booking copy lists in `EventsModule.forService({ consumes })`, first: a feature's
 * own handler of the same type (hunters' session count on `completed`) runs after them in the same transaction.
 */
export const BOOKING_COPY_HANDLERS = [
  BookingConfirmedCopyHandler,
  BookingRescheduledCopyHandler,
  BookingCancelledCopyHandler,
  BookingCompletedCopyHandler,
  BookingAttendanceCopyHandler,
  BookingDisputeResolvedCopyHandler,
  BookingOutcomeRestatedCopyHandler,
] as const;
