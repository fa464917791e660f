import { Inject, Injectable } from '@nestjs/common';
import { payoutCountryOf, type HunterCreatedV1 } from '@hunted/contracts';
import { SERVICE_CONFIG } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import type { BookingsConfig } from '../config.js';
import {
  ENABLED_SIMULATED_STATE,
  PayoutAccountsRepository,
  simulatedAccountIdOf,
} from '../store/payout-accounts.repository.js';

/**
 * Simulated mode only: an unclaimed demo hunter (no member behind it, `userId` null) gets an enabled simulated
 * payout account as soon as its copy arrives, so the demo site's paid sessions stay bookable (nobody could click
 * 'Get paid' for it). In stripe mode nothing is created: a real account is only ever the hunter's own.
 */
@Injectable()
export class DemoPayoutAccounts {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BookingsConfig,
    private readonly accounts: PayoutAccountsRepository,
  ) {}

  async hunterCopied(manager: EntityManager, hunter: HunterCreatedV1): Promise<void> {
    if (this.config.STRIPE_SECRET_KEY || hunter.userId !== null) return;
    await this.accounts.insertOnceIn(
      manager,
      {
        hunterId: hunter.hunterId,
        userId: null,
        accountId: simulatedAccountIdOf(hunter.hunterId),
        mode: 'simulated',
        // In the demo hunter's own country, as 'Get paid' would create it.
        country: payoutCountryOf(hunter.location) ?? 'GB',
      },
      ENABLED_SIMULATED_STATE,
    );
  }
}
