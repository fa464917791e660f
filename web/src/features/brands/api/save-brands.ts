import type { SaveBrandsResponse } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

/** `POST /api/saved-brands`: saves several brands at once (a Hunter Edit's 'Save all brands'); the answer lists them. */
export function saveBrands(brandIds: number[]): Promise<SaveBrandsResponse> {
  return request<SaveBrandsResponse>('POST', '/api/saved-brands', { brandIds });
}

/** Saves them and refetches the saved-brands list and each one's saved state. */
export function useSaveBrands() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBrands,
    onSuccess: async (_answer, brandIds) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.saved() }),
        ...brandIds.map((id) => queryClient.invalidateQueries({ queryKey: brandKeys.savedState(id) })),
      ]);
    },
  });
}
