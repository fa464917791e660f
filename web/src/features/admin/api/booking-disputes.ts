import type { AdminBookingDispute, ResolveDisputeRequest } from '@hunted/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPage, request, toQueryString, type Page } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export const ADMIN_DISPUTES_PAGE_SIZE = 20;
export type DisputeFilter = 'open' | 'all';

/** Disputes of no-show marks, newest first: the open ones (the default) or every one. */
export function getBookingDisputes(status: DisputeFilter, offset: number): Promise<Page<AdminBookingDispute>> {
  return getPage<AdminBookingDispute>(
    `/api/admin/booking-disputes${toQueryString({ status, limit: ADMIN_DISPUTES_PAGE_SIZE, offset })}`,
  );
}

export function useBookingDisputes(status: DisputeFilter, offset: number) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.disputeList(status, offset),
      queryFn: () => getBookingDisputes(status, offset),
      placeholderData: keepPreviousData,
    }),
  );
}

export function resolveDispute({ bookingId, ...body }: ResolveDisputeRequest & { bookingId: string }) {
  return request<AdminBookingDispute>(
    'POST',
    `/api/admin/booking-disputes/${encodeURIComponent(bookingId)}/resolve`,
    body,
  );
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveDispute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.disputes() }),
  });
}
