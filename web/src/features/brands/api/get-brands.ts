import type { Brand } from '@hunted/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request, toQueryString } from '@/lib/api-client';
import { brandKeys } from './query-keys';

/** The server-side filters of GET /api/brands; an absent key is no filter. */
export interface BrandQuery {
  category?: string;
  location?: string;
  delivery?: string;
  minRating?: string;
  priceCategory?: string;
  tag?: string;
  hashtag?: string;
  search?: string;
}

/** The whole filtered list (no paging), newest ranking first as the server orders it. */
export function getBrands(query: BrandQuery = {}): Promise<Brand[]> {
  return request<unknown>('GET', `/api/brands${toQueryString({ ...query })}`).then((body) =>
    Array.isArray(body) ? (body as Brand[]) : [],
  );
}

export const brandsQueryOptions = (query: BrandQuery = {}) =>
  queryOptions({ queryKey: brandKeys.list(query), queryFn: () => getBrands(query) });

export function useBrands(query: BrandQuery = {}) {
  // Keep showing the previous results while a new filter loads, so the grid does not flash empty.
  return useQuery({ ...brandsQueryOptions(query), placeholderData: keepPreviousData });
}
