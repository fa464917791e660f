import type { BrandRef, GoToBrandsInput } from '@hunted/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** The signed-in hunter's own go-to brands, in the order shown. */
export function getMyGoToBrands(): Promise<BrandRef[]> {
  return request<BrandRef[]>('GET', '/api/hunter-profile/go-to-brands');
}

/** Replaces them whole (up to 12 directory brands); the answer is what was stored. */
export function saveMyGoToBrands(brandIds: number[]): Promise<BrandRef[]> {
  return request<BrandRef[]>('PUT', '/api/hunter-profile/go-to-brands', { brandIds } satisfies GoToBrandsInput);
}

export const myGoToBrandsQueryOptions = () =>
  queryOptions({ queryKey: hunterKeys.myGoToBrands(), queryFn: getMyGoToBrands });

export function useMyGoToBrands() {
  return useQuery(myGoToBrandsQueryOptions());
}

export function useSaveMyGoToBrands(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyGoToBrands,
    onError: options.onError,
    onSuccess: async (saved) => {
      queryClient.setQueryData(hunterKeys.myGoToBrands(), saved);
      options.onSuccess?.();
      // The public page and the lists of hunters who know a brand read them too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: hunterKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: hunterKeys.publicGoToBrands() }),
      ]);
    },
  });
}
