import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterCopies } from '../hunter-copies.js';

@Injectable()
export class AvailabilityChangedHandler implements EventHandler<'hunters.availability.changed'> {
  readonly type = 'hunters.availability.changed' as const;

  constructor(private readonly hunters: HunterCopies) {}

  async handle(event: IntegrationEvent<'hunters.availability.changed'>, manager: EntityManager): Promise<void> {
    await this.hunters.applyAvailability(manager, event.data, event.occurredAt);
  }
}
