import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import { UserCopies, type EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterRepository } from '../../hunters/hunter.repository.js';

/**
 * A new user: copied into the users copy and, when they registered with a demo hunter's email
 * (`sofia.hunter@hunted.example`…), made that hunter, both in the inbox transaction.
 */
@Injectable()
export class UserRegisteredHandler implements EventHandler<'identity.user.registered'> {
  readonly type = 'identity.user.registered' as const;

  constructor(
    private readonly users: UserCopies,
    private readonly hunters: HunterRepository,
  ) {}

  async handle(event: IntegrationEvent<'identity.user.registered'>, manager: EntityManager): Promise<void> {
    await this.users.apply(manager, event.data, event.occurredAt);
    await this.hunters.claimDemoHunter(manager, event.data.userId, event.data.email);
  }
}
