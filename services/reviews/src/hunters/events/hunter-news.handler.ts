import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import { BookingCopies, type EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterStatuses } from '../hunter-statuses.js';

type HunterChange = 'hunters.hunter.created' | 'hunters.hunter.updated';

/**
 * What reviews keeps of a hunter's profile, from each created or updated event (both carry the whole profile):
 * - its vetting status (decision 0096): the hunter's reviews are public only while it says approved; an older event
 *   never overwrites a newer status, and a republished or redelivered one leaves the copy as it was;
 * - its member: their sessions' hunter member id follows, so a demo hunter claimed after its sessions were copied can
 *   reply to their reviews and sees them as received. A profile never loses its member.
 */
@Injectable()
abstract class HunterNewsHandler<Type extends HunterChange> implements EventHandler<Type> {
  abstract readonly type: Type;

  constructor(
    private readonly statuses: HunterStatuses,
    private readonly sessions: BookingCopies,
  ) {}

  async handle(event: IntegrationEvent<Type>, manager: EntityManager): Promise<void> {
    const { hunterId, status, userId } = event.data;
    await this.statuses.apply(manager, hunterId, status, event.occurredAt);
    if (userId !== null) await this.sessions.setHunterMember(manager, hunterId, userId);
  }
}

@Injectable()
export class HunterCreatedHandler extends HunterNewsHandler<'hunters.hunter.created'> {
  readonly type = 'hunters.hunter.created' as const;
}

@Injectable()
export class HunterUpdatedHandler extends HunterNewsHandler<'hunters.hunter.updated'> {
  readonly type = 'hunters.hunter.updated' as const;
}
