import type { UnsubscribeResponse } from '@hunted/contracts';
import { useMutation } from '@tanstack/react-query';
import { request, toQueryString } from '@/lib/api-client';

/**
 * `POST /api/email-preferences/{unsubscribe|resubscribe}?token=`: the signed token names the member and the kind of
 * email, so no session is needed. An empty JSON body: the one-click form's fields are the mail provider's to send.
 */
function send(action: 'unsubscribe' | 'resubscribe', token: string): Promise<UnsubscribeResponse> {
  return request<UnsubscribeResponse>('POST', `/api/email-preferences/${action}${toQueryString({ token })}`, {});
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => send('unsubscribe', token) });
}

export function useResubscribe() {
  return useMutation({ mutationFn: (token: string) => send('resubscribe', token) });
}
