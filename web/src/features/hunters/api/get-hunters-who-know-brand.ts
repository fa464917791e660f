import { HUNTER_EDIT_LIMITS, type Hunter } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, toQueryString } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** "Hunters who know this brand": up to six approved hunters who named it in an edit or among their go-to brands. */
export async function getHuntersWhoKnowBrand(brandId: number): Promise<Hunter[]> {
  const hunters = await request<Hunter[]>(
    'GET',
    `/api/hunters${toQueryString({ brand: brandId, limit: HUNTER_EDIT_LIMITS.knownByShown })}`,
  );
  return Array.isArray(hunters) ? hunters.slice(0, HUNTER_EDIT_LIMITS.knownByShown) : [];
}

export const huntersWhoKnowBrandQueryOptions = (brandId: number) =>
  queryOptions({ queryKey: hunterKeys.knownBy(brandId), queryFn: () => getHuntersWhoKnowBrand(brandId) });

export function useHuntersWhoKnowBrand(brandId: number) {
  return useQuery(huntersWhoKnowBrandQueryOptions(brandId));
}
