import type { Comment, CommentInput } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { commentsQueryOptions } from './get-comments';
import { refetchFromFirstPage } from '@/lib/query-pages';

export function createComment(brandId: number, input: CommentInput): Promise<Comment> {
  return request<Comment>('POST', `/api/brands/${brandId}/comments`, input);
}

export function useCreateComment(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createComment(brandId, { content }),
    // The new comment is the newest, so it belongs on the first page; the pages after it have all shifted.
    onSuccess: () => refetchFromFirstPage(queryClient, commentsQueryOptions(brandId).queryKey),
  });
}
