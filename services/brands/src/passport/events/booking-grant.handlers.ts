import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { PassportGrants } from '../passport-grants.repository.js';

type GrantChange = 'bookings.booking.confirmed' | 'bookings.booking.rescheduled' | 'bookings.booking.cancelled';

/**
 * A booking's passport grant follows its state: confirmed opens it, a move moves its end, a cancellation revokes it.
 * `completed` changes nothing a grant holds (the window runs from the session's end anyway), so it is not consumed.
 */
@Injectable()
abstract class GrantHandler<Type extends GrantChange> implements EventHandler<Type> {
  abstract readonly type: Type;
  protected abstract readonly revokes: boolean;

  constructor(private readonly grants: PassportGrants) {}

  async handle(event: IntegrationEvent<Type>, manager: EntityManager): Promise<void> {
    await this.grants.apply(manager, event.data, event.occurredAt, this.revokes);
  }
}

@Injectable()
export class GrantOnConfirmedHandler extends GrantHandler<'bookings.booking.confirmed'> {
  readonly type = 'bookings.booking.confirmed' as const;
  protected readonly revokes = false;
}

@Injectable()
export class GrantOnRescheduledHandler extends GrantHandler<'bookings.booking.rescheduled'> {
  readonly type = 'bookings.booking.rescheduled' as const;
  protected readonly revokes = false;
}

@Injectable()
export class GrantOnCancelledHandler extends GrantHandler<'bookings.booking.cancelled'> {
  readonly type = 'bookings.booking.cancelled' as const;
  protected readonly revokes = true;
}

export const PASSPORT_EVENT_HANDLERS = [GrantOnConfirmedHandler, GrantOnRescheduledHandler, GrantOnCancelledHandler];
