import type Stripe from 'stripe';
import type { PayoutAccountState, PayoutMode } from '../store/payout-accounts.repository.js';

/**
 * Stripe Connect as payouts use it: the SDK client in stripe mode, none in simulated mode (no `STRIPE_SECRET_KEY`),
 * where connected accounts are simulated rows (`sim_acct_<hunter>`).
 */
export class ConnectClient {
  constructor(readonly stripe: Stripe | null) {}

  get mode(): PayoutMode {
    return this.stripe ? 'stripe' : 'simulated';
  }
}

/** What bookings keeps of a connected account, from the API object or an `account.updated` event's `data.object`. */
export function accountStateOf(account: Stripe.Account): PayoutAccountState {
  return {
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: account.requirements?.currently_due ?? [],
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}
