import type { AvailabilityDay, AvailabilityInput } from '@hunted/contracts';
import { request } from '@/lib/api-client';
import { useAvailabilityMutation, type AvailabilityMutationOptions } from './availability-mutation';

/** Saves one date's own slots (an empty list is a day off), replacing its weekday's hours for that date. */
export function setDateAvailability(input: AvailabilityInput): Promise<AvailabilityDay> {
  return request<AvailabilityDay>('POST', '/api/hunter-availability', input);
}

export function useSetDateAvailability(options?: AvailabilityMutationOptions<AvailabilityDay>) {
  return useAvailabilityMutation(setDateAvailability, options);
}
