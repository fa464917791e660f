import type { ReferenceRates } from '@hunted/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** The listing's reference rates (GET /api/hunters/reference-rates, decision 0105): for a card's "≈ £68" only. */
export function getReferenceRates(): Promise<ReferenceRates> {
  return request<ReferenceRates>('GET', '/api/hunters/reference-rates');
}

/** The rates, read once a page needs them (`enabled`); they change with a deploy, so an hour-old answer will do. */
export function useReferenceRates(enabled: boolean) {
  return useQuery({ queryKey: hunterKeys.referenceRates(), queryFn: getReferenceRates, staleTime: 3_600_000, enabled });
}
