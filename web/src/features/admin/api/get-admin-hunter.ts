import type { AdminHunter } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export function getAdminHunter(id: number): Promise<AdminHunter> {
  return request<AdminHunter>('GET', `/api/admin/hunters/${id}`);
}

/** One hunter with every decision taken on it (who, when, why): read when its history is opened. */
export const adminHunterQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.hunter(id), queryFn: () => getAdminHunter(id) });

export function useAdminHunter(id: number, enabled = true) {
  return useQuery({ ...adminHunterQueryOptions(id), enabled });
}
