import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { MemberCopies } from '../member-copies.js';

@Injectable()
export class UserRegisteredHandler implements EventHandler<'identity.user.registered'> {
  readonly type = 'identity.user.registered' as const;

  constructor(private readonly members: MemberCopies) {}

  async handle(event: IntegrationEvent<'identity.user.registered'>, manager: EntityManager): Promise<void> {
    await this.members.apply(manager, event.data, event.occurredAt);
  }
}
