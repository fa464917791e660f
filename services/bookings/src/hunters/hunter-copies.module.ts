import { Module } from '@nestjs/common';
import { StoreModule } from '../store/store.module.js';
import { DemoPayoutAccounts } from './demo-payout-accounts.js';
import { HunterCopies } from './hunter-copies.js';

/**
 * The hunters and availability copies, fed by hunters' events (see app.module.ts), and the demo hunters' payout
 * accounts made as their copies arrive.
 */
@Module({
  imports: [StoreModule],
  providers: [HunterCopies, DemoPayoutAccounts],
  exports: [HunterCopies, DemoPayoutAccounts],
})
export class HunterCopiesModule {}
