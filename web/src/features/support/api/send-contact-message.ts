import type { ContactRequest } from '@hunted/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export function sendContactMessage(input: ContactRequest): Promise<{ id: number }> {
  return request<{ id: number }>('POST', '/api/contact', input);
}

export function useSendContactMessage(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  return useMutation({ mutationFn: sendContactMessage, onSuccess: options.onSuccess, onError: options.onError });
}
