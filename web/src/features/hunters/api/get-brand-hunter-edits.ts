import type { BrandHunterEdits } from '@hunted/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request, toQueryString } from '@/lib/api-client';
import { BRAND_EDITS_PAGE_SIZE } from '../lib/hunter-edits';
import { hunterKeys } from './query-keys';

/** One page of the published edits naming a brand, with how many hunters published one ("In {n} hunters' edits"). */
export function getBrandHunterEdits(brandId: number, offset: number): Promise<BrandHunterEdits> {
  return request<BrandHunterEdits>(
    'GET',
    `/api/brands/${brandId}/hunter-edits${toQueryString({ limit: BRAND_EDITS_PAGE_SIZE, offset })}`,
  );
}

export const brandHunterEditsQueryOptions = (brandId: number) =>
  infiniteQueryOptions({
    queryKey: hunterKeys.brandEdits(brandId),
    queryFn: ({ pageParam }) => getBrandHunterEdits(brandId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: BrandHunterEdits, pages: BrandHunterEdits[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.edits.length, 0);
      return last.edits.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

export function useBrandHunterEdits(brandId: number) {
  return useInfiniteQuery(brandHunterEditsQueryOptions(brandId));
}
