import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterCopies } from '../hunter-copies.js';

/** A hunter updated: the copy takes it unless it holds newer (conversations' own handler of the type runs after). */
@Injectable()
export class HunterUpdatedHandler implements EventHandler<'hunters.hunter.updated'> {
  readonly type = 'hunters.hunter.updated' as const;

  constructor(private readonly hunters: HunterCopies) {}

  async handle(event: IntegrationEvent<'hunters.hunter.updated'>, manager: EntityManager): Promise<void> {
    await this.hunters.apply(manager, event.data, event.occurredAt);
  }
}
