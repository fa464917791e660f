import type { BrandRef } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** A hunter's go-to brands as their public page shows them. */
export function getHunterGoToBrands(hunterId: number): Promise<BrandRef[]> {
  return request<BrandRef[]>('GET', `/api/hunters/${hunterId}/go-to-brands`);
}

export const hunterGoToBrandsQueryOptions = (hunterId: number) =>
  queryOptions({ queryKey: hunterKeys.hunterGoToBrands(hunterId), queryFn: () => getHunterGoToBrands(hunterId) });

export function useHunterGoToBrands(hunterId: number) {
  return useQuery(hunterGoToBrandsQueryOptions(hunterId));
}
