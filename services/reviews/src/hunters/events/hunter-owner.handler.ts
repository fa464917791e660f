import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import { BookingCopies, type EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';

type HunterChange = 'hunters.hunter.created' | 'hunters.hunter.updated';

/**
 * A hunter's profile names its member: their sessions' hunter member id follows, so a demo hunter claimed after its
 * sessions were copied can reply to their reviews and sees them as received. A profile never loses its member.
 */
@Injectable()
abstract class HunterOwnerHandler<Type extends HunterChange> implements EventHandler<Type> {
  abstract readonly type: Type;

  constructor(private readonly sessions: BookingCopies) {}

  async handle(event: IntegrationEvent<Type>, manager: EntityManager): Promise<void> {
    if (event.data.userId !== null) await this.sessions.setHunterMember(manager, event.data.hunterId, event.data.userId);
  }
}

@Injectable()
export class HunterCreatedOwnerHandler extends HunterOwnerHandler<'hunters.hunter.created'> {
  readonly type = 'hunters.hunter.created' as const;
}

@Injectable()
export class HunterUpdatedOwnerHandler extends HunterOwnerHandler<'hunters.hunter.updated'> {
  readonly type = 'hunters.hunter.updated' as const;
}
