import type { Brand } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

export function getSavedBrands(): Promise<Brand[]> {
  return request<unknown>('GET', '/api/saved-brands').then((body) => (Array.isArray(body) ? (body as Brand[]) : []));
}

export const savedBrandsQueryOptions = () => queryOptions({ queryKey: brandKeys.saved(), queryFn: getSavedBrands });

export function useSavedBrands() {
  return useQuery(savedBrandsQueryOptions());
}
