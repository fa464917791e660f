import type { AvailabilityDay } from '@hunted/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request, toQueryString } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** Each date from startDate to endDate (at most 62 days) as it resolves: its own record, else its weekday's hours. */
export function getAvailability(startDate: string, endDate: string): Promise<AvailabilityDay[]> {
  return request<AvailabilityDay[]>('GET', `/api/hunter-availability${toQueryString({ startDate, endDate })}`);
}

export const availabilityQueryOptions = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: hunterKeys.availability(startDate, endDate),
    queryFn: () => getAvailability(startDate, endDate),
  });

export function useAvailability(startDate: string, endDate: string) {
  // The month shown stays on screen while the next one loads, so paging months does not flash an empty grid.
  return useQuery({ ...availabilityQueryOptions(startDate, endDate), placeholderData: keepPreviousData });
}
