import type { SavedStateResponse } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

export function getSavedState(brandId: number): Promise<SavedStateResponse> {
  return request<SavedStateResponse>('GET', `/api/brands/${brandId}/saved`);
}

export const savedStateQueryOptions = (brandId: number) =>
  queryOptions({ queryKey: brandKeys.savedState(brandId), queryFn: () => getSavedState(brandId) });

/** Asked only for a signed-in user: a guest has nothing saved. */
export function useSavedState(brandId: number, signedIn: boolean) {
  return useQuery({ ...savedStateQueryOptions(brandId), enabled: signedIn });
}
