import type { Brand } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export function getAdminBrands(): Promise<Brand[]> {
  return request<Brand[]>('GET', '/api/admin/brands');
}

export const adminBrandsQueryOptions = () => queryOptions({ queryKey: adminKeys.brands(), queryFn: getAdminBrands });

export function useAdminBrands() {
  return useQuery(adminBrandsQueryOptions());
}
