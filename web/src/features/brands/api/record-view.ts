import type { Brand, ViewResponse } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

export function recordView(brandId: number): Promise<ViewResponse> {
  return request<ViewResponse>('POST', `/api/brands/${brandId}/view`);
}

/** Counts a page view and shows the new total on the page without refetching the brand. */
export function useRecordView(routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordView,
    onSuccess: (answer) => {
      if (typeof answer?.views !== 'number') return;
      queryClient.setQueryData<Brand>(brandKeys.detail(routeId), (brand) =>
        brand ? { ...brand, views: answer.views } : brand,
      );
    },
  });
}
