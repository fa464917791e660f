import type { AdminHunter, HunterFeatureRequest } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export function featureHunter({ hunterId, featured }: HunterFeatureRequest & { hunterId: number }) {
  return request<AdminHunter | undefined>('POST', `/api/admin/hunters/${hunterId}/feature`, { featured });
}

/** A featured hunter shows first in 'Our top picks'; the console's lists are read again to show the switch's state. */
export function useFeatureHunter(options: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: featureHunter,
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.hunters() }),
  });
}
