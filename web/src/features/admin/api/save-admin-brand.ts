import type { AdminBrandInput, Brand } from '@hunted/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { useRefreshBrands } from './refresh-brands';

export function createAdminBrand(input: AdminBrandInput): Promise<Brand> {
  return request<Brand>('POST', '/api/admin/brands', input);
}

/** The spec sends the brand's fields plus its id; the server checks that the id matches the path. */
export function updateAdminBrand({ id, input }: { id: number; input: AdminBrandInput }): Promise<Brand> {
  return request<Brand>('PUT', `/api/admin/brands/${id}`, { ...input, id });
}

export function deleteAdminBrand(id: number): Promise<void> {
  return request<void>('DELETE', `/api/admin/brands/${id}`);
}

interface MutationCallbacks {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

export function useCreateAdminBrand(options: MutationCallbacks = {}) {
  const refreshBrands = useRefreshBrands();
  return useMutation({
    mutationFn: createAdminBrand,
    onError: options.onError,
    onSuccess: async () => {
      await refreshBrands();
      options.onSuccess?.();
    },
  });
}

export function useUpdateAdminBrand(options: MutationCallbacks = {}) {
  const refreshBrands = useRefreshBrands();
  return useMutation({
    mutationFn: updateAdminBrand,
    onError: options.onError,
    onSuccess: async () => {
      await refreshBrands();
      options.onSuccess?.();
    },
  });
}

export function useDeleteAdminBrand(options: MutationCallbacks = {}) {
  const refreshBrands = useRefreshBrands();
  return useMutation({
    mutationFn: deleteAdminBrand,
    onError: options.onError,
    onSuccess: async () => {
      await refreshBrands();
      options.onSuccess?.();
    },
  });
}
