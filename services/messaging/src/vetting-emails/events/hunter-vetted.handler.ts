import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { VettingEmailPlanner } from '../vetting-email-planner.js';

/**
 * An admin decided on a hunter: the hunter is emailed. The status itself reaches the copy through
 * `hunters.hunter.updated`, recorded in the same transaction by hunters.
 */
@Injectable()
export class HunterVettedHandler implements EventHandler<'hunters.hunter.vetted'> {
  readonly type = 'hunters.hunter.vetted' as const;

  constructor(private readonly emails: VettingEmailPlanner) {}

  async handle(event: IntegrationEvent<'hunters.hunter.vetted'>, manager: EntityManager): Promise<void> {
    await this.emails.vetted(manager, event);
  }
}
