import { Module } from '@nestjs/common';
import { AfterCommit } from '@hunted/platform';
import { BookingMetrics } from './booking-metrics.js';
import { BookingQueries } from './booking-queries.js';
import { BookingRefundsRepository } from './booking-refunds.repository.js';
import { BookingRepository } from './booking.repository.js';
import { ClosingMembersRepository } from './closing-members.repository.js';
import { HunterPayoutsRepository } from './hunter-payouts.repository.js';
import { PayoutAccountsRepository } from './payout-accounts.repository.js';

/**
 * The ground floor: the owners of bookings' own tables (hunter_bookings with its state machine, booking_refunds,
 * hunter_payout_accounts, hunter_payouts), for every feature that reads or writes them. It imports no feature and
 * no view (`import-x/no-restricted-paths` in eslint.config.mjs); the pure rules (booking-rules.ts) sit beside it.
 */
@Module({
  // AfterCommit here too: the transitions are counted once their transaction commits.
  providers: [
    BookingRepository,
    BookingQueries,
    BookingRefundsRepository,
    BookingMetrics,
    PayoutAccountsRepository,
    HunterPayoutsRepository,
    ClosingMembersRepository,
    AfterCommit,
  ],
  exports: [
    BookingRepository,
    BookingQueries,
    BookingRefundsRepository,
    BookingMetrics,
    PayoutAccountsRepository,
    HunterPayoutsRepository,
    ClosingMembersRepository,
  ],
})
export class StoreModule {}
