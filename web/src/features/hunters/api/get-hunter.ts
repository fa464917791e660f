import type { Hunter } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** One hunter's public profile (GET /api/hunters/{id}), or null when there is no such hunter. */
export async function getHunter(hunterId: number): Promise<Hunter | null> {
  try {
    return await request<Hunter>('GET', `/api/hunters/${hunterId}`);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** The hunter detail query; an edit of the profile invalidates it (see update-hunter.ts). */
export const hunterQueryOptions = (hunterId: number) =>
  queryOptions({ queryKey: hunterKeys.detail(hunterId), queryFn: () => getHunter(hunterId) });

/** One hunter; nothing is asked for an id that cannot be one. */
export function useHunter(hunterId: number) {
  return useQuery({ ...hunterQueryOptions(hunterId), enabled: Number.isInteger(hunterId) && hunterId > 0 });
}
