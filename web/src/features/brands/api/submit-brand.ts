import type { Brand, BrandInput } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

/** A member's submission: live at once, so every brand list is refetched after it. */
export function submitBrand(input: BrandInput): Promise<Brand> {
  return request<Brand>('POST', '/api/brands', input);
}

export function useSubmitBrand(
  options: { onSuccess?: (brand: Brand) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitBrand,
    onError: options.onError,
    onSuccess: async (brand) => {
      await queryClient.invalidateQueries({ queryKey: brandKeys.shown() });
      options.onSuccess?.(brand);
    },
  });
}
