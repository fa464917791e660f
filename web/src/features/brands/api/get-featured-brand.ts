import type { TodayBrand } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

/** The featured brand of the day, or null when the directory has none. */
export function getFeaturedBrand(): Promise<TodayBrand | null> {
  return request<TodayBrand | null>('GET', '/api/brands/featured').then((brand) => brand ?? null);
}

export const featuredBrandQueryOptions = () =>
  queryOptions({ queryKey: brandKeys.featured(), queryFn: getFeaturedBrand });

export function useFeaturedBrand() {
  return useQuery(featuredBrandQueryOptions());
}
