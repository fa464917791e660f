import { Injectable, Logger } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterSuspension } from '../../bookings/hunter-suspension.js';

/**
 * `hunters.hunter.vetted`: on a suspension, the hunter's upcoming bookings are cancelled with full refunds and
 * their holds ended (the copy's new status comes with `hunters.hunter.updated`). Other decisions change nothing
 * here.
 */
@Injectable()
export class HunterVettedHandler implements EventHandler<'hunters.hunter.vetted'> {
  readonly type = 'hunters.hunter.vetted' as const;
  private readonly logger = new Logger(HunterVettedHandler.name);

  constructor(private readonly suspension: HunterSuspension) {}

  async handle(event: IntegrationEvent<'hunters.hunter.vetted'>, manager: EntityManager): Promise<void> {
    if (event.data.status !== 'suspended') return;
    const { cancelled, holdsEnded } = await this.suspension.hunterSuspended(manager, event.data.hunterId);
    this.logger.log(
      `hunter ${event.data.hunterId} suspended: ${cancelled} upcoming booking(s) cancelled and refunded, ${holdsEnded} hold(s) ended`,
    );
  }
}
