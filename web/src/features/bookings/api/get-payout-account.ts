import type { PayoutAccount } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

export function getPayoutAccount(): Promise<PayoutAccount> {
  return request<PayoutAccount>('GET', '/api/hunter-payouts/account');
}

/** Fresh on every visit: Stripe may have finished verifying the account since (its webhook updates the server). */
export const payoutAccountQueryOptions = () =>
  queryOptions({ queryKey: bookingKeys.payoutAccount(), queryFn: getPayoutAccount, staleTime: 0 });

/** While coming back from Stripe's onboarding the account is read again every this many ms (see usePayoutAccount). */
export const RETURN_POLL_MS = 2_000;
/** ...for at most this long: Connect's `account.updated` webhook usually lands within seconds. */
export const RETURN_POLL_FOR_MS = 60_000;

/**
 * The payout account. `returnedAt` (back from Stripe's onboarding at that instant): Stripe's webhook may reach the
 * server a moment after the hunter reaches the dashboard, so the account is read again every few seconds until
 * payouts are enabled or a minute has passed.
 */
export function usePayoutAccount({
  enabled = true,
  returnedAt = null,
}: { enabled?: boolean; returnedAt?: number | null } = {}) {
  return useQuery({
    ...payoutAccountQueryOptions(),
    enabled,
    refetchInterval: (query) =>
      returnedAt !== null && !query.state.data?.payoutsEnabled && Date.now() - returnedAt < RETURN_POLL_FOR_MS
        ? RETURN_POLL_MS
        : false,
  });
}
