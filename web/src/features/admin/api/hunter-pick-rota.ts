import type { HunterPickRota } from '@hunted/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** The Hunter's Pick rota (in order) and who picks today. */
export function useHunterPickRota() {
  return useQuery({ queryKey: adminKeys.pickRota(), queryFn: () => request<HunterPickRota>('GET', '/api/admin/hunter-pick-rota') });
}

/** Saves the rota's order; with nobody picking today yet, the first on it picks today. */
export function useSaveHunterPickRota(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hunterIds: number[]) => request<HunterPickRota>('PUT', '/api/admin/hunter-pick-rota', { hunterIds }),
    onSuccess: (rota) => {
      queryClient.setQueryData(adminKeys.pickRota(), rota);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
