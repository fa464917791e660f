import { Injectable } from '@nestjs/common';
import { londonDateOf, taxYearOf, type HunterEarnings } from '@hunted/contracts';
import type { AuthenticatedUser } from '@hunted/platform';
import { BookingViews } from '../views/booking-views.js';
import { ConnectClient } from './connect-client.js';
import { earningsBookingOf, earningsOf, simulatedPayoutsOf, taxYearRange } from './earnings.js';
import { HunterPayoutsRepository } from '../store/hunter-payouts.repository.js';
import { PayoutAccountsRepository } from '../store/payout-accounts.repository.js';
import { PayoutsService } from './payouts.service.js';

/**
 * The caller's own earnings for a UK tax year: their paid bookings (gross, the platform's fee, refunds, net) and
 * their account's payouts: Stripe's (`payout.*` events) in stripe mode, computed from the bookings in simulated
 * mode.
 */
@Injectable()
export class EarningsService {
  constructor(
    private readonly payouts: PayoutsService,
    private readonly connect: ConnectClient,
    private readonly views: BookingViews,
    private readonly accounts: PayoutAccountsRepository,
    private readonly hunterPayouts: HunterPayoutsRepository,
  ) {}

  async earnings(user: AuthenticatedUser, taxYear = taxYearOf(londonDateOf(new Date()))): Promise<HunterEarnings> {
    const hunter = await this.payouts.ownHunter(user);
    const { from, to } = taxYearRange(taxYear);
    const rows = await this.views.earningsOf(hunter.id, from, to);
    let payouts;
    if (this.connect.mode === 'simulated') {
      payouts = simulatedPayoutsOf(rows);
    } else {
      const account = await this.accounts.findByHunter(hunter.id);
      payouts = account ? await this.hunterPayouts.ofAccount(account.accountId, from, to) : [];
    }
    return earningsOf(taxYear, rows.map(earningsBookingOf), payouts, hunter.currency);
  }
}
