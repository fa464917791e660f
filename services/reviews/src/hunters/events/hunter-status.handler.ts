import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterStatuses } from '../hunter-statuses.js';

type HunterChange = 'hunters.hunter.created' | 'hunters.hunter.updated';

/**
 * A hunter's vetting status onto the copy (decision 0096): their reviews are public only while it says approved.
 * Every created or updated event carries the whole status (an event from before vetting reads as approved), so a
 * republished one, or one redelivered, leaves the copy as it was.
 */
@Injectable()
abstract class HunterStatusHandler<Type extends HunterChange> implements EventHandler<Type> {
  abstract readonly type: Type;

  constructor(private readonly statuses: HunterStatuses) {}

  async handle(event: IntegrationEvent<Type>, manager: EntityManager): Promise<void> {
    await this.statuses.apply(manager, event.data.hunterId, event.data.status, event.occurredAt);
  }
}

@Injectable()
export class HunterCreatedStatusHandler extends HunterStatusHandler<'hunters.hunter.created'> {
  readonly type = 'hunters.hunter.created' as const;
}

@Injectable()
export class HunterUpdatedStatusHandler extends HunterStatusHandler<'hunters.hunter.updated'> {
  readonly type = 'hunters.hunter.updated' as const;
}
