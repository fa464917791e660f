import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { ClientSessionsRepository } from '../client-sessions.repository.js';

/** The hunter marked a session held (an edit may be sent at once) or a no-show (none may be sent). */
@Injectable()
export class SessionAttendanceMarkedHandler implements EventHandler<'bookings.booking.attendance-marked'> {
  readonly type = 'bookings.booking.attendance-marked' as const;

  constructor(private readonly sessions: ClientSessionsRepository) {}

  async handle(event: IntegrationEvent<'bookings.booking.attendance-marked'>, manager: EntityManager): Promise<void> {
    await this.sessions.applyAttendance(manager, event.data, event.data.attendance);
  }
}

/** An admin resolved the client's dispute of a no-show: a refund overturns the mark; a dismissal keeps it. */
@Injectable()
export class SessionDisputeResolvedHandler implements EventHandler<'bookings.booking.dispute-resolved'> {
  readonly type = 'bookings.booking.dispute-resolved' as const;

  constructor(private readonly sessions: ClientSessionsRepository) {}

  async handle(event: IntegrationEvent<'bookings.booking.dispute-resolved'>, manager: EntityManager): Promise<void> {
    if (event.data.resolution === 'refund') await this.sessions.applyRefundedDispute(manager, event.data);
  }
}
