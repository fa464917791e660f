import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { DemoPayoutAccounts } from '../demo-payout-accounts.js';
import { HunterCopies } from '../hunter-copies.js';

@Injectable()
export class HunterUpdatedHandler implements EventHandler<'hunters.hunter.updated'> {
  readonly type = 'hunters.hunter.updated' as const;

  constructor(
    private readonly hunters: HunterCopies,
    private readonly demoPayouts: DemoPayoutAccounts,
  ) {}

  async handle(event: IntegrationEvent<'hunters.hunter.updated'>, manager: EntityManager): Promise<void> {
    await this.hunters.applyHunter(manager, event.data, event.occurredAt);
    await this.demoPayouts.hunterCopied(manager, event.data);
  }
}
