import type { BookingDetail, DisputeRequest } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** The client's answers to what the hunter did: a suggested time (accept or decline) and a no-show mark (dispute). */
export function acceptProposal(bookingId: string): Promise<BookingDetail> {
  return request<BookingDetail>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/proposal/accept`);
}

export function declineProposal(bookingId: string): Promise<BookingDetail> {
  return request<BookingDetail>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/proposal/decline`);
}

export function disputeBooking(bookingId: string, body: DisputeRequest): Promise<BookingDetail> {
  return request<BookingDetail>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/dispute`, body);
}

/** Each changes the booking (an accepted time also frees the old slot), so every bookings read is refetched. */
function useBookingAction<Variables>(mutationFn: (variables: Variables) => Promise<BookingDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export const useAcceptProposal = () => useBookingAction(acceptProposal);
export const useDeclineProposal = () => useBookingAction(declineProposal);
export const useDisputeBooking = () =>
  useBookingAction(({ bookingId, reason }: DisputeRequest & { bookingId: string }) => disputeBooking(bookingId, { reason }));
