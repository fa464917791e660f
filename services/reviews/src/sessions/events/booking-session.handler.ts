import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { SessionCopies, type SessionState } from '../session-copies.js';

type StateChange =
  | 'bookings.booking.confirmed'
  | 'bookings.booking.rescheduled'
  | 'bookings.booking.cancelled'
  | 'bookings.booking.completed';

/** A change of a booking's state, copied in the inbox transaction (older news changes nothing). */
@Injectable()
abstract class SessionStateHandler<Type extends StateChange> implements EventHandler<Type> {
  abstract readonly type: Type;
  protected abstract readonly status: SessionState;

  constructor(private readonly sessions: SessionCopies) {}

  async handle(event: IntegrationEvent<Type>, manager: EntityManager): Promise<void> {
    await this.sessions.applyState(manager, event.data, this.status);
  }
}

@Injectable()
export class SessionConfirmedHandler extends SessionStateHandler<'bookings.booking.confirmed'> {
  readonly type = 'bookings.booking.confirmed' as const;
  protected readonly status = 'confirmed';
}

@Injectable()
export class SessionRescheduledHandler extends SessionStateHandler<'bookings.booking.rescheduled'> {
  readonly type = 'bookings.booking.rescheduled' as const;
  protected readonly status = 'confirmed';
}

/** Cancelled: no review can be written from now on; one already written stays visible (cancelling hides nothing). */
@Injectable()
export class SessionCancelledHandler extends SessionStateHandler<'bookings.booking.cancelled'> {
  readonly type = 'bookings.booking.cancelled' as const;
  protected readonly status = 'cancelled';
}

@Injectable()
export class SessionCompletedHandler extends SessionStateHandler<'bookings.booking.completed'> {
  readonly type = 'bookings.booking.completed' as const;
  protected readonly status = 'completed';
}

/** The hunter marked the session held or a no-show by the client: a no-show cannot be reviewed. */
@Injectable()
export class SessionAttendanceHandler implements EventHandler<'bookings.booking.attendance-marked'> {
  readonly type = 'bookings.booking.attendance-marked' as const;

  constructor(private readonly sessions: SessionCopies) {}

  async handle(event: IntegrationEvent<'bookings.booking.attendance-marked'>, manager: EntityManager): Promise<void> {
    await this.sessions.applyAttendance(manager, event.data, event.data.attendance);
  }
}

/**
 * An admin resolved the client's dispute of a no-show mark: refunding the client overturns the mark (the client
 * may then review), dismissing it keeps it.
 */
@Injectable()
export class SessionDisputeResolvedHandler implements EventHandler<'bookings.booking.dispute-resolved'> {
  readonly type = 'bookings.booking.dispute-resolved' as const;

  constructor(private readonly sessions: SessionCopies) {}

  async handle(event: IntegrationEvent<'bookings.booking.dispute-resolved'>, manager: EntityManager): Promise<void> {
    await this.sessions.applyDisputeResolution(manager, event.data, event.data.resolution);
  }
}

export const BOOKING_SESSION_HANDLERS = [
  SessionConfirmedHandler,
  SessionRescheduledHandler,
  SessionCancelledHandler,
  SessionCompletedHandler,
  SessionAttendanceHandler,
  SessionDisputeResolvedHandler,
];
