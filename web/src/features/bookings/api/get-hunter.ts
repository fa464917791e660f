import type { Hunter } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, request } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** The hunter being booked (GET /api/hunters/{id}), or null when there is no such hunter. */
export async function getHunter(hunterId: number): Promise<Hunter | null> {
  try {
    return await request<Hunter>('GET', `/api/hunters/${hunterId}`);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const hunterQueryOptions = (hunterId: number) =>
  queryOptions({ queryKey: bookingKeys.hunter(hunterId), queryFn: () => getHunter(hunterId) });

export function useBookableHunter(hunterId: number) {
  return useQuery({ ...hunterQueryOptions(hunterId), enabled: Number.isInteger(hunterId) && hunterId > 0 });
}
