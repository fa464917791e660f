import type {
  BookingDetail,
  CreateBookingRequest,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  RescheduleBookingRequest,
} from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTermsGate } from '@/components/legal/terms-gate';
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

/** A hold needs the current terms accepted: a 409 asking for them opens the terms dialog, then holds (decision 0103). */
export function useCreatePaymentIntent() {
  const withAcceptedTerms = useTermsGate();
  return useMutation({ mutationFn: (body: CreatePaymentIntentRequest) => withAcceptedTerms(() => createPaymentIntent(body)) });
}

export function useCreateBooking() {
  const invalidate = useInvalidateBookings();
  const withAcceptedTerms = useTermsGate();
  return useMutation({
    mutationFn: (body: CreateBookingRequest) => withAcceptedTerms(() => createBooking(body)),
    onSuccess: invalidate,
  });
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
