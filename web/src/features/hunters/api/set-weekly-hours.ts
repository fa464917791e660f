import { weeklyHoursSchema, type WeeklyHours } from '@hunted/contracts';
import { request } from '@/lib/api-client';
import { useAvailabilityMutation, type AvailabilityMutationOptions } from './availability-mutation';

/** Sends the week once it passes the server's own rules (the contracts' schema); a refused week fails as the server's 400 would. */
export function setWeeklyHours(hours: WeeklyHours): Promise<WeeklyHours> {
  const checked = weeklyHoursSchema.safeParse(hours);
  if (!checked.success) return Promise.reject(checked.error);
  return request<WeeklyHours>('PUT', '/api/hunter-availability/weekly', hours);
}

export function useSetWeeklyHours(options?: AvailabilityMutationOptions<WeeklyHours>) {
  return useAvailabilityMutation(setWeeklyHours, options);
}
