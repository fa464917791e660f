import type { AttendanceRequest, HunterBooking, HunterCancelRequest, TimeProposalRequest } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

const hunterBookingPath = (bookingId: string, action: string) =>
  `/api/hunter-bookings/${encodeURIComponent(bookingId)}/${action}`;

/** The hunter cancels a confirmed booking before it starts: the client is refunded in full and reads the reason. */
export function hunterCancelBooking({ bookingId, ...body }: HunterCancelRequest & { bookingId: string }) {
  return request<HunterBooking>('POST', hunterBookingPath(bookingId, 'cancel'), body);
}

export function markAttendance({ bookingId, ...body }: AttendanceRequest & { bookingId: string }) {
  return request<HunterBooking>('POST', hunterBookingPath(bookingId, 'attendance'), body);
}

export function proposeTime({ bookingId, ...body }: TimeProposalRequest & { bookingId: string }) {
  return request<HunterBooking>('POST', hunterBookingPath(bookingId, 'proposal'), body);
}

/** Every action changes the hunter's list, the client's, and the slots a cancellation frees. */
function useHunterBookingAction<I>(mutationFn: (input: I) => Promise<HunterBooking>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export const useHunterCancelBooking = () => useHunterBookingAction(hunterCancelBooking);
export const useMarkAttendance = () => useHunterBookingAction(markAttendance);
export const useProposeTime = () => useHunterBookingAction(proposeTime);
