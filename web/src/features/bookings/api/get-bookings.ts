import {
  HUNTER_BOOKINGS_PAGE_SIZE,
  MY_BOOKINGS_PAGE_SIZE,
  type BookingDetail,
  type HunterBooking,
  type MyBooking,
} from '@hunted/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getPage, nextOffset, request, toQueryString } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

export { HUNTER_BOOKINGS_PAGE_SIZE, MY_BOOKINGS_PAGE_SIZE };

export const myBookingsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookingKeys.mine(),
    queryFn: ({ pageParam }) =>
      getPage<MyBooking>(`/api/my-bookings${toQueryString({ limit: MY_BOOKINGS_PAGE_SIZE, offset: pageParam })}`),
    initialPageParam: 0,
    getNextPageParam: nextOffset<MyBooking>,
    staleTime: 0,
  });

/** The member's bookings, a page at a time (both lists are paged by the server: nothing is read whole). */
export function useMyBookings() {
  return useInfiniteQuery(myBookingsQueryOptions());
}

export const hunterBookingsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookingKeys.hunterBookings(),
    queryFn: ({ pageParam }) =>
      getPage<HunterBooking>(
        `/api/hunter-bookings${toQueryString({ limit: HUNTER_BOOKINGS_PAGE_SIZE, offset: pageParam })}`,
      ),
    initialPageParam: 0,
    getNextPageParam: nextOffset<HunterBooking>,
    staleTime: 0,
  });

/**
 * The signed-in hunter's bookings, every page of them: the dashboard's earnings, counts and calendar are over all
 * bookings, so `data` is there only once the last page has arrived. `enabled` only once a hunter profile was found
 * (spec, section 7).
 */
export function useHunterBookings(enabled = true) {
  const query = useInfiniteQuery({ ...hunterBookingsQueryOptions(), enabled });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const complete = query.data !== undefined && !hasNextPage;
  return {
    data: complete ? query.data.pages.flatMap((page) => page.items) : undefined,
    isError,
    error: query.error,
    refetch: query.refetch,
  };
}

/** One of the member's bookings, as its client reads it (how to join, or when that comes). */
export function useBookingDetail(bookingId: string | null) {
  return useQuery({
    queryKey: bookingKeys.detail(bookingId ?? ''),
    queryFn: () => request<BookingDetail>('GET', `/api/bookings/${encodeURIComponent(bookingId!)}`),
    enabled: bookingId !== null,
    staleTime: 0,
  });
}
