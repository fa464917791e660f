import type { Comment } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export function getComments(brandId: number): Promise<Comment[]> {
  return request<Comment[]>('GET', `/api/brands/${brandId}/comments`);
}

export const commentsQueryOptions = (brandId: number) =>
  queryOptions({
    queryKey: ['/api/brands', String(brandId), 'comments'],
    queryFn: async () => {
      const comments = await getComments(brandId);
      return Array.isArray(comments) ? comments : [];
    },
  });

/** Comments are asked for only once the panel has been opened (spec section 2). */
export function useComments(brandId: number, enabled: boolean) {
  return useQuery({ ...commentsQueryOptions(brandId), enabled });
}
