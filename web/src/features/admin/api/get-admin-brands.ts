import type { Brand } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export function getAdminBrands(): Promise<Brand[]> {
  return request<Brand[]>('GET', '/api/admin/brands');
}

export const adminBrandsQueryOptions = () => queryOptions({ queryKey: ['/api/admin/brands'], queryFn: getAdminBrands });

export function useAdminBrands() {
  return useQuery(adminBrandsQueryOptions());
}
