import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { JoiningDetailsCopies } from './joining-details-copies.js';

/** A hunter set how their sessions happen: the private copy takes it (emails sent from now on carry it). */
@Injectable()
export class JoiningDetailsChangedHandler implements EventHandler<'hunters.joining-details.changed'> {
  readonly type = 'hunters.joining-details.changed' as const;

  constructor(private readonly joining: JoiningDetailsCopies) {}

  async handle(event: IntegrationEvent<'hunters.joining-details.changed'>, manager: EntityManager): Promise<void> {
    await this.joining.apply(manager, event.data.hunterId, event.data.joining, event.occurredAt);
  }
}
