import type { HunterEarnings } from '@hunted/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request, toQueryString } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

export function getHunterEarnings(taxYear: number): Promise<HunterEarnings> {
  return request<HunterEarnings>('GET', `/api/hunter-earnings${toQueryString({ taxYear })}`);
}

/** The CSV of a tax year's earnings: a plain link, the server answers it as an attachment. */
export const earningsCsvHref = (taxYear: number) => `/api/hunter-earnings/export.csv${toQueryString({ taxYear })}`;

export const hunterEarningsQueryOptions = (taxYear: number) =>
  queryOptions({
    queryKey: bookingKeys.earnings(taxYear),
    queryFn: () => getHunterEarnings(taxYear),
    placeholderData: keepPreviousData,
  });

export function useHunterEarnings(taxYear: number) {
  return useQuery(hunterEarningsQueryOptions(taxYear));
}
