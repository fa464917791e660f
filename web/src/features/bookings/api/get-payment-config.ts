import type { PaymentConfig } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: bookingKeys.paymentConfig(),
    queryFn: () => request<PaymentConfig>('GET', '/api/bookings/payment-config'),
  });

export function usePaymentConfig(enabled = true) {
  return useQuery({ ...paymentConfigQueryOptions(), enabled });
}
