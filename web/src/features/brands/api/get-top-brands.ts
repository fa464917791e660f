import type { TodayBrand } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TOP_BRANDS_LIMIT } from '@/config/directory';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

export function getTopBrands(): Promise<TodayBrand[]> {
  return request<unknown>('GET', `/api/brands/top?limit=${TOP_BRANDS_LIMIT}`).then((body) =>
    Array.isArray(body) ? (body as TodayBrand[]) : [],
  );
}

export const topBrandsQueryOptions = () =>
  queryOptions({ queryKey: brandKeys.top(TOP_BRANDS_LIMIT), queryFn: getTopBrands });

export function useTopBrands() {
  return useQuery(topBrandsQueryOptions());
}
