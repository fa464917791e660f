import type { CsvRowError, CsvUploadResponse } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError, throwIfNotOk } from '@/lib/api-client';
import { refreshBrands } from './save-admin-brand';

export const CSV_TEMPLATE_URL = '/api/admin/brands/csv-template';

/**
 * Multipart, so not through `request`: the browser must write the Content-Type itself (with the boundary).
 * Cookies still travel.
 */
export async function uploadBrandsCsv(file: File): Promise<CsvUploadResponse> {
  const body = new FormData();
  body.append('csv', file);
  const response = await fetch('/api/admin/brands/upload-csv', { method: 'POST', credentials: 'include', body });
  await throwIfNotOk(response);
  return (await response.json()) as CsvUploadResponse;
}

/** The rows a refused upload names (400 `{ rows: [{ line, column, message }] }`), or an empty list. */
export function csvRowErrorsOf(error: unknown): CsvRowError[] {
  if (!(error instanceof HttpError) || error.status !== 400) return [];
  try {
    const parsed = JSON.parse(error.bodyText) as { rows?: unknown };
    if (!Array.isArray(parsed.rows)) return [];
    return parsed.rows.filter(
      (row): row is CsvRowError =>
        !!row && typeof row === 'object' && typeof (row as CsvRowError).line === 'number' && typeof (row as CsvRowError).message === 'string',
    );
  } catch {
    return [];
  }
}

export function useUploadBrandsCsv(
  options: { onSuccess?: (result: CsvUploadResponse) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBrandsCsv,
    onError: options.onError,
    onSuccess: async (result) => {
      await refreshBrands(queryClient);
      options.onSuccess?.(result);
    },
  });
}
