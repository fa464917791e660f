import type { Brand } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

export function getBrand(id: string): Promise<Brand> {
  return request<Brand>('GET', `/api/brands/${encodeURIComponent(id)}`);
}

export const brandQueryOptions = (id: string) =>
  queryOptions({ queryKey: brandKeys.detail(id), queryFn: () => getBrand(id) });

export function useBrand(id: string) {
  return useQuery(brandQueryOptions(id));
}
