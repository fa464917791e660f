import type { WeeklyHours } from '@hunted/contracts';
import { request } from '@/lib/api-client';
import { useAvailabilityMutation, type AvailabilityMutationOptions } from './availability-mutation';

export function setWeeklyHours(hours: WeeklyHours): Promise<WeeklyHours> {
  return request<WeeklyHours>('PUT', '/api/hunter-availability/weekly', hours);
}

export function useSetWeeklyHours(options?: AvailabilityMutationOptions<WeeklyHours>) {
  return useAvailabilityMutation(setWeeklyHours, options);
}
