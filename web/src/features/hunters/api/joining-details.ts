import type { JoiningDetails } from '@hunted/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { hunterKeys } from './query-keys';

/** The signed-in hunter's joining details: private, answered only to their owner. */
export function getJoiningDetails(): Promise<JoiningDetails> {
  return request<JoiningDetails>('GET', '/api/hunter-profile/joining-details');
}

/** Replaces them whole; a malformed number is refused with 400 naming its field (`whatsappVideo.phone`). */
export function saveJoiningDetails(details: JoiningDetails): Promise<JoiningDetails> {
  return request<JoiningDetails>('PUT', '/api/hunter-profile/joining-details', details);
}

export const joiningDetailsQueryOptions = () =>
  queryOptions({ queryKey: hunterKeys.joiningDetails(), queryFn: getJoiningDetails });

export function useJoiningDetails(enabled = true) {
  return useQuery({ ...joiningDetailsQueryOptions(), enabled });
}

export function useSaveJoiningDetails(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJoiningDetails,
    onError: options.onError,
    onSuccess: (saved) => {
      // The answer is what the server stored (numbers normalised): the form and the dashboard's hint read it.
      queryClient.setQueryData(hunterKeys.joiningDetails(), saved);
      options.onSuccess?.();
    },
  });
}
