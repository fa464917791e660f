import { Module } from '@nestjs/common';
import { DemoPayoutAccounts } from './demo-payout-accounts.js';
import { HunterPayoutsRepository } from './hunter-payouts.repository.js';
import { PayoutAccountsRepository } from './payout-accounts.repository.js';

/** The owners of hunter_payout_accounts and hunter_payouts, for the payouts feature, holds and the hunters copy. */
@Module({
  providers: [PayoutAccountsRepository, HunterPayoutsRepository, DemoPayoutAccounts],
  exports: [PayoutAccountsRepository, HunterPayoutsRepository, DemoPayoutAccounts],
})
export class PayoutStoreModule {}
