import type { SessionTypeKey, SlotsResponse } from '@hunted/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request, toQueryString } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

export function getSlots(
  hunterId: number,
  sessionType: SessionTypeKey,
  from: string,
  to: string,
): Promise<SlotsResponse> {
  return request<SlotsResponse>('GET', `/api/hunters/${hunterId}/slots${toQueryString({ from, to, sessionType })}`);
}

export const slotsQueryOptions = (hunterId: number, sessionType: SessionTypeKey, from: string, to: string) =>
  queryOptions({
    queryKey: bookingKeys.slots(hunterId, sessionType, from, to),
    queryFn: () => getSlots(hunterId, sessionType, from, to),
    // Slots change as others book: a revisited week is read again rather than trusted from before.
    staleTime: 0,
  });

export function useSlots(hunterId: number, sessionType: SessionTypeKey | null, from: string, to: string) {
  return useQuery({
    ...slotsQueryOptions(hunterId, sessionType ?? 'whatsappVoice', from, to),
    enabled: sessionType !== null,
    placeholderData: keepPreviousData,
  });
}
