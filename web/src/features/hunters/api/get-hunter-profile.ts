import type { OwnHunter } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** The signed-in user's hunter profile, or null when they have none yet (the service answers 404). */
export async function getHunterProfile(): Promise<OwnHunter | null> {
  try {
    return await request<OwnHunter>('GET', '/api/hunter-profile');
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** Retried up to 3 times (spec, section 7), but never when the answer is final: signed out or no profile. */
export function shouldRetryProfile(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && (error.status === 401 || error.status === 404)) return false;
  return failureCount < 3;
}

export const hunterProfileQueryOptions = () =>
  queryOptions({ queryKey: hunterKeys.profile(), queryFn: getHunterProfile, retry: shouldRetryProfile });

export function useHunterProfile() {
  return useQuery(hunterProfileQueryOptions());
}
