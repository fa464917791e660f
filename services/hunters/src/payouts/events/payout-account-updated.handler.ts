import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterRepository } from '../../store/hunter.repository.js';

/**
 * A hunter's payout account changed (bookings owns it): whether their payouts are enabled becomes the profile's
 * `takesPaidBookings`, in the inbox transaction. An event older than the one applied last changes nothing, so a
 * replay or a late delivery never brings back a stale state.
 */
@Injectable()
export class PayoutAccountUpdatedHandler implements EventHandler<'bookings.payout-account.updated'> {
  readonly type = 'bookings.payout-account.updated' as const;

  constructor(private readonly hunters: HunterRepository) {}

  async handle(event: IntegrationEvent<'bookings.payout-account.updated'>, manager: EntityManager): Promise<void> {
    await this.hunters.applyPayoutAccount(manager, event.data.hunterId, event.data.payoutsEnabled, event.occurredAt);
  }
}
