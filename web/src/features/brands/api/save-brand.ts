import type { SavedStateResponse } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

export function saveBrand(brandId: number): Promise<SavedStateResponse> {
  return request<SavedStateResponse>('POST', `/api/brands/${brandId}/save`);
}

export function unsaveBrand(brandId: number): Promise<SavedStateResponse> {
  return request<SavedStateResponse>('DELETE', `/api/brands/${brandId}/save`);
}

/** Saves (`save: true`) or removes a brand; success refetches its saved state and the saved-brands list. */
export function useToggleSave(
  brandId: number,
  options: { onSuccess?: (saved: boolean) => void; onError?: (error: unknown, save: boolean) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: boolean) => (save ? saveBrand(brandId) : unsaveBrand(brandId)),
    onError: (error, save) => options.onError?.(error, save),
    onSuccess: async (_answer, save) => {
      options.onSuccess?.(save);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.savedState(brandId) }),
        queryClient.invalidateQueries({ queryKey: brandKeys.saved() }),
      ]);
    },
  });
}
