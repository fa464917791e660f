import type { CurrentDataExportResponse, DataExportView } from '@hunted/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** While an export is assembling it is read again this often: each service's part arrives on its own. */
export const DATA_EXPORT_POLL_MS = 2_000;

export function getCurrentDataExport(): Promise<CurrentDataExportResponse> {
  return request<CurrentDataExportResponse>('GET', '/api/account/data-exports/current');
}

export const currentDataExportQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.currentDataExport(), queryFn: getCurrentDataExport });

/** The member's latest export, read again every DATA_EXPORT_POLL_MS while it is being assembled. */
export function useCurrentDataExport() {
  return useQuery({
    ...currentDataExportQueryOptions(),
    refetchInterval: (query) => (query.state.data?.export?.status === 'assembling' ? DATA_EXPORT_POLL_MS : false),
  });
}

export function requestDataExport(): Promise<DataExportView> {
  return request<DataExportView>('POST', '/api/account/data-exports');
}

/** Starts an export (or answers the one already assembling); its answer becomes the current export, so polling starts. */
export function useRequestDataExport(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (view) => queryClient.setQueryData(accountKeys.currentDataExport(), { export: view }),
    onError: options.onError,
  });
}
