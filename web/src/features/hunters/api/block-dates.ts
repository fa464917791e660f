import type { AvailabilityDay } from '@hunted/contracts';
import { request } from '@/lib/api-client';
import { useAvailabilityMutation, type AvailabilityMutationOptions } from './availability-mutation';

/** Makes every date from startDate to endDate a day off, in one transaction (at most 92 days). */
export function blockDates({ startDate, endDate }: { startDate: string; endDate: string }): Promise<AvailabilityDay[]> {
  return request<AvailabilityDay[]>('POST', '/api/hunter-availability/range', { startDate, endDate, timeSlots: [] });
}

export function useBlockDates(options?: AvailabilityMutationOptions<AvailabilityDay[]>) {
  return useAvailabilityMutation(blockDates, options);
}
