import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import { UserCopies, type EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';

@Injectable()
export class UserRegisteredHandler implements EventHandler<'identity.user.registered'> {
  readonly type = 'identity.user.registered' as const;

  constructor(private readonly users: UserCopies) {}

  async handle(event: IntegrationEvent<'identity.user.registered'>, manager: EntityManager): Promise<void> {
    await this.users.apply(manager, event.data, event.occurredAt);
  }
}
