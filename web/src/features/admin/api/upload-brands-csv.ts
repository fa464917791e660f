import type { CsvRowError, CsvUploadResponse } from '@hunted/contracts';
import { useMutation } from '@tanstack/react-query';
import { errorBodyOf, request } from '@/lib/api-client';
import { useRefreshBrands } from './refresh-brands';

export const CSV_TEMPLATE_URL = '/api/admin/brands/csv-template';

/** Multipart: `request` leaves the Content-Type (with the boundary) to the browser for a FormData body. */
export function uploadBrandsCsv(file: File): Promise<CsvUploadResponse> {
  const body = new FormData();
  body.append('csv', file);
  return request<CsvUploadResponse>('POST', '/api/admin/brands/upload-csv', body);
}

/** The rows a refused upload names (400 `{ rows: [{ line, column, message }] }`), or an empty list. */
export function csvRowErrorsOf(error: unknown): CsvRowError[] {
  const rows = (errorBodyOf(error, 400) as { rows?: unknown } | null | undefined)?.rows;
  if (!Array.isArray(rows)) return [];
  return rows.filter(
    (row): row is CsvRowError =>
      !!row &&
      typeof row === 'object' &&
      typeof (row as CsvRowError).line === 'number' &&
      typeof (row as CsvRowError).message === 'string',
  );
}

export function useUploadBrandsCsv(
  options: { onSuccess?: (result: CsvUploadResponse) => void; onError?: (error: unknown) => void } = {},
) {
  const refreshBrands = useRefreshBrands();
  return useMutation({
    mutationFn: uploadBrandsCsv,
    onError: options.onError,
    onSuccess: async (result) => {
      await refreshBrands();
      options.onSuccess?.(result);
    },
  });
}
