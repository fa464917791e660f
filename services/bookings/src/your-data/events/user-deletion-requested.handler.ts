import { Injectable, Logger } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { DeletionCheck } from '../deletion-check.js';

/**
 * `identity.user.deletion-requested`: bookings says whether the account may go (DeletionCheck), in the inbox
 * transaction, so the answer and the closing mark commit with the event's inbox row: a redelivery is skipped.
 */
@Injectable()
export class UserDeletionRequestedHandler implements EventHandler<'identity.user.deletion-requested'> {
  readonly type = 'identity.user.deletion-requested' as const;
  private readonly logger = new Logger(UserDeletionRequestedHandler.name);

  constructor(private readonly check: DeletionCheck) {}

  async handle(event: IntegrationEvent<'identity.user.deletion-requested'>, manager: EntityManager): Promise<void> {
    const blockers = await this.check.check(manager, event.data.deletionId, event.data.userId);
    this.logger.log(
      blockers.length === 0
        ? `deletion ${event.data.deletionId} cleared`
        : `deletion ${event.data.deletionId} refused: ${blockers.map((b) => `${b.code} ×${b.count}`).join(', ')}`,
    );
  }
}
