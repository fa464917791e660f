import type { WeeklyHours } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** The signed-in hunter's weekly hours: each weekday's offered slots. */
export function getWeeklyHours(): Promise<WeeklyHours> {
  return request<WeeklyHours>('GET', '/api/hunter-availability/weekly');
}

export const weeklyHoursQueryOptions = () => queryOptions({ queryKey: hunterKeys.weeklyHours(), queryFn: getWeeklyHours });

export function useWeeklyHours() {
  return useQuery(weeklyHoursQueryOptions());
}
