import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import { UserCopies, type EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';

@Injectable()
export class UserUpdatedHandler implements EventHandler<'identity.user.updated'> {
  readonly type = 'identity.user.updated' as const;

  constructor(private readonly users: UserCopies) {}

  async handle(event: IntegrationEvent<'identity.user.updated'>, manager: EntityManager): Promise<void> {
    await this.users.apply(manager, event.data, event.occurredAt);
  }
}
