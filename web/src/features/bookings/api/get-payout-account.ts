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

export function usePayoutAccount(enabled = true) {
  return useQuery({ ...payoutAccountQueryOptions(), enabled });
}
