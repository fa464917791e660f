import type { HunterBooking, MyBooking } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

export const myBookingsQueryOptions = () =>
  queryOptions({
    queryKey: bookingKeys.mine(),
    queryFn: () => request<MyBooking[]>('GET', '/api/my-bookings'),
    staleTime: 0,
  });

export function useMyBookings() {
  return useQuery(myBookingsQueryOptions());
}

export const hunterBookingsQueryOptions = () =>
  queryOptions({
    queryKey: bookingKeys.hunterBookings(),
    queryFn: () => request<HunterBooking[]>('GET', '/api/hunter-bookings'),
    staleTime: 0,
  });

/** The signed-in hunter's bookings; `enabled` only once a hunter profile was found (spec, section 7). */
export function useHunterBookings(enabled = true) {
  return useQuery({ ...hunterBookingsQueryOptions(), enabled });
}
