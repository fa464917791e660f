import type { PayoutAccount, PayoutLoginLink, PayoutOnboardingLink } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** Creates the hunter's payout account on first use (the same one ever after) and a link to onboarding. */
export function startPayoutOnboarding(): Promise<PayoutOnboardingLink> {
  return request<PayoutOnboardingLink>('POST', '/api/hunter-payouts/onboarding');
}

/**
 * Stripe's refresh_url lands on the dashboard (`?payouts=refresh`): an expired or used onboarding link is replaced
 * by a fresh one. A POST: it makes a link at Stripe.
 */
export function refreshPayoutOnboarding(): Promise<PayoutOnboardingLink> {
  return request<PayoutOnboardingLink>('POST', '/api/hunter-payouts/refresh');
}

/** Simulated mode only: the simulated account's onboarding is one click. */
export function enableSimulatedPayouts(): Promise<PayoutAccount> {
  return request<PayoutAccount>('POST', '/api/hunter-payouts/simulated/enable');
}

/** A one-time link to the hunter's Stripe Express dashboard (stripe mode only). */
export function createPayoutLoginLink(): Promise<PayoutLoginLink> {
  return request<PayoutLoginLink>('POST', '/api/hunter-payouts/login-link');
}

export function useStartPayoutOnboarding(options: { onError?: (error: unknown) => void } = {}) {
  return useMutation({ mutationFn: startPayoutOnboarding, onError: options.onError });
}

export function useRefreshPayoutOnboarding(options: { onError?: (error: unknown) => void } = {}) {
  return useMutation({ mutationFn: refreshPayoutOnboarding, onError: options.onError });
}

export function useEnableSimulatedPayouts(
  options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableSimulatedPayouts,
    onError: options.onError,
    onSuccess: async (account) => {
      queryClient.setQueryData(bookingKeys.payoutAccount(), account);
      // Payouts now exist (simulated ones are computed from confirmed bookings).
      await queryClient.invalidateQueries({ queryKey: bookingKeys.earningsAll() });
      options.onSuccess?.();
    },
  });
}

export function useCreatePayoutLoginLink(options: { onError?: (error: unknown) => void } = {}) {
  return useMutation({ mutationFn: createPayoutLoginLink, onError: options.onError });
}
