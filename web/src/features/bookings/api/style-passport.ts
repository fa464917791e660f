import type { SharedStylePassport, StylePassport } from '@hunted/contracts';
import { useQuery } from '@tanstack/react-query';
import { HttpError, request } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/**
 * The signed-in member's whole style passport (`GET /api/style-passport`, answered by brands): what the booking page
 * shows, part by part, before the client chooses what to share.
 */
export function useOwnStylePassport() {
  return useQuery({ queryKey: bookingKeys.ownPassport(), queryFn: () => request<StylePassport>('GET', '/api/style-passport') });
}

/** What a booking's client shared (the hunter, while the window is open); null when there is nothing to see. */
export function useSharedStylePassport(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.sharedPassport(bookingId),
    queryFn: async () => {
      try {
        return await request<SharedStylePassport>('GET', `/api/style-passports/${encodeURIComponent(bookingId)}`);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
  });
}
