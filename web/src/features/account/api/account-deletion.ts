import type { AccountDeletionView, CurrentAccountDeletionResponse, DeleteAccountRequest } from '@hunted/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** While bookings is asked whether anything is still open, the deletion is read again this often. */
export const DELETION_POLL_MS = 1_000;

export function getAccountDeletion(): Promise<CurrentAccountDeletionResponse> {
  return request<CurrentAccountDeletionResponse>('GET', '/api/account/deletion');
}

/**
 * The deletion asked for in this dialog: read only once one was asked for (`enabled`), then every DELETION_POLL_MS
 * while it is 'checking'. Once cleared the account is gone, so the read after that is a 401: the caller's signal.
 */
export function useAccountDeletion(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.deletion(),
    queryFn: getAccountDeletion,
    enabled,
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.deletion?.status === 'checking' ? DELETION_POLL_MS : false,
  });
}

export function deleteAccount(body: DeleteAccountRequest): Promise<AccountDeletionView> {
  return request<AccountDeletionView>('POST', '/api/account/deletion', body);
}

/** Asks for the deletion (a second ask while one runs answers the same one); its answer is what the poll starts from. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (deletion) => queryClient.setQueryData(accountKeys.deletion(), { deletion }),
  });
}
