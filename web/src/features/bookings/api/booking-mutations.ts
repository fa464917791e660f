import type {
  BookingDetail,
  CreateBookingRequest,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  RescheduleBookingRequest,
} from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** Holds the chosen slot and opens a payment for it (the server prices it; `amount` is a hint). */
export function createPaymentIntent(body: CreatePaymentIntentRequest): Promise<CreatePaymentIntentResponse> {
  return request<CreatePaymentIntentResponse>('POST', '/api/create-payment-intent', body);
}

export function createBooking(body: CreateBookingRequest): Promise<BookingDetail> {
  return request<BookingDetail>('POST', '/api/bookings', body);
}

export function releaseHold(bookingId: string): Promise<unknown> {
  return request('POST', `/api/bookings/${encodeURIComponent(bookingId)}/release`);
}

export function cancelBooking(bookingId: string): Promise<BookingDetail> {
  return request<BookingDetail>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/cancel`);
}

export function rescheduleBooking(bookingId: string, body: RescheduleBookingRequest): Promise<BookingDetail> {
  return request<BookingDetail>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/reschedule`, body);
}

/** After any change to a booking, both sides' lists and every slot read are out of date. */
function useInvalidateBookings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}

export function useCreateBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({ mutationFn: createBooking, onSuccess: invalidate });
}

export function useReleaseHold() {
  const invalidate = useInvalidateBookings();
  return useMutation({ mutationFn: releaseHold, onSettled: invalidate });
}

export function useCancelBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({ mutationFn: cancelBooking, onSettled: invalidate });
}

export function useRescheduleBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: ({ bookingId, ...body }: RescheduleBookingRequest & { bookingId: string }) =>
      rescheduleBooking(bookingId, body),
    onSettled: invalidate,
  });
}
