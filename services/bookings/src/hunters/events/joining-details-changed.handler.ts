import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterCopies } from '../hunter-copies.js';

/** `hunters.joining-details.changed`: the copy bookings releases to booked clients (`joining`). */
@Injectable()
export class JoiningDetailsChangedHandler implements EventHandler<'hunters.joining-details.changed'> {
  readonly type = 'hunters.joining-details.changed' as const;

  constructor(private readonly hunters: HunterCopies) {}

  async handle(event: IntegrationEvent<'hunters.joining-details.changed'>, manager: EntityManager): Promise<void> {
    await this.hunters.applyJoining(manager, event.data.hunterId, event.data.joining, event.occurredAt);
  }
}
