import type { ReviewPhoto } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** Every review photo of the brand, newest review first: the reviews are paged, the carousel and gallery are not. */
export function getBrandPhotos(brandId: number): Promise<ReviewPhoto[]> {
  return request<unknown>('GET', `/api/brands/${brandId}/photos`).then((body) =>
    Array.isArray(body) ? (body as ReviewPhoto[]) : [],
  );
}

export const brandPhotosQueryOptions = (brandId: number) =>
  queryOptions({ queryKey: ['/api/brands', String(brandId), 'photos'], queryFn: () => getBrandPhotos(brandId) });

export function useBrandPhotos(brandId: number) {
  return useQuery(brandPhotosQueryOptions(brandId));
}
