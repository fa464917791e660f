import type { Comment, CommentInput } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { commentsQueryOptions } from './get-comments';

export function createComment(brandId: number, input: CommentInput): Promise<Comment> {
  return request<Comment>('POST', `/api/brands/${brandId}/comments`, input);
}

export function useCreateComment(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createComment(brandId, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryOptions(brandId).queryKey }),
  });
}
