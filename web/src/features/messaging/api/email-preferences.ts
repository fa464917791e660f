import type { EmailPreferencesResponse, OptionalEmailKind } from '@hunted/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { messagingKeys } from './query-keys';

export function getEmailPreferences(): Promise<EmailPreferencesResponse> {
  return request<EmailPreferencesResponse>('GET', '/api/email-preferences');
}

export const emailPreferencesQueryOptions = () =>
  queryOptions({ queryKey: messagingKeys.emailPreferences(), queryFn: getEmailPreferences });

export function useEmailPreferences() {
  return useQuery(emailPreferencesQueryOptions());
}

export interface EmailPreferenceChange {
  kind: OptionalEmailKind;
  on: boolean;
}

/** Sends one switch (the body is a partial `preferences`: `{ "news": true }`); the answer is every switch as stored. */
export function updateEmailPreference({ kind, on }: EmailPreferenceChange): Promise<EmailPreferencesResponse> {
  return request<EmailPreferencesResponse>('PUT', '/api/email-preferences', { [kind]: on });
}

/**
 * Saves a switch as soon as it is flipped, showing it flipped at once. A failure puts back only that switch (another
 * flipped meanwhile keeps its own outcome) and tells `onError`.
 */
export function useUpdateEmailPreference(options: { onError?: (error: unknown, change: EmailPreferenceChange) => void } = {}) {
  const queryClient = useQueryClient();
  const key = messagingKeys.emailPreferences();
  const setSwitch = (kind: OptionalEmailKind, on: boolean) =>
    queryClient.setQueryData<EmailPreferencesResponse>(key, (current) =>
      current ? { preferences: { ...current.preferences, [kind]: on } } : current,
    );
  return useMutation({
    mutationFn: updateEmailPreference,
    onMutate: async ({ kind, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<EmailPreferencesResponse>(key)?.preferences[kind];
      setSwitch(kind, on);
      return { before };
    },
    onError: (error, change, context) => {
      setSwitch(change.kind, context?.before ?? !change.on);
      options.onError?.(error, change);
    },
    onSuccess: (answer, { kind }) => setSwitch(kind, answer.preferences[kind]),
  });
}
