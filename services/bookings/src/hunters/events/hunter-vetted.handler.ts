import { Injectable, Logger } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterSuspension } from '../../bookings/hunter-suspension.js';
import { HunterCopies } from '../hunter-copies.js';

/**
 * `hunters.hunter.vetted`: on a suspension, the copy says suspended at once (so a hold's payment arriving now is
 * refunded, not confirmed), the hunter's upcoming bookings are cancelled with full refunds and their holds ended.
 * Other decisions reach the copy through `hunters.hunter.updated`.
 */
@Injectable()
export class HunterVettedHandler implements EventHandler<'hunters.hunter.vetted'> {
  readonly type = 'hunters.hunter.vetted' as const;
  private readonly logger = new Logger(HunterVettedHandler.name);

  constructor(
    private readonly suspension: HunterSuspension,
    private readonly hunters: HunterCopies,
  ) {}

  async handle(event: IntegrationEvent<'hunters.hunter.vetted'>, manager: EntityManager): Promise<void> {
    if (event.data.status !== 'suspended') return;
    await this.hunters.applyVettedStatus(manager, event.data.hunterId, 'suspended');
    const { cancelled, holdsEnded } = await this.suspension.hunterSuspended(manager, event.data.hunterId);
    this.logger.log(
      `hunter ${event.data.hunterId} suspended: ${cancelled} upcoming booking(s) cancelled and refunded, ${holdsEnded} hold(s) ended`,
    );
  }
}
