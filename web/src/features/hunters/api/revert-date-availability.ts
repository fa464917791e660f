import type { AvailabilityDay } from '@hunted/contracts';
import { request } from '@/lib/api-client';
import { useAvailabilityMutation, type AvailabilityMutationOptions } from './availability-mutation';

/** Drops a date's own record, so it follows its weekday's hours again; answers what the date now is. */
export function revertDateAvailability(date: string): Promise<AvailabilityDay> {
  return request<AvailabilityDay>('DELETE', `/api/hunter-availability/${encodeURIComponent(date)}`);
}

export function useRevertDateAvailability(options?: AvailabilityMutationOptions<AvailabilityDay>) {
  return useAvailabilityMutation(revertDateAvailability, options);
}
