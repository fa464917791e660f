import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hunterKeys } from './query-keys';

export interface AvailabilityMutationOptions<TAnswer> {
  onSuccess?: (answer: TAnswer) => void;
  onError?: (error: unknown) => void;
}

/**
 * A change to the hunter's availability. Any change can alter every resolved day (weekly hours reach every date
 * without its own record), so success refetches all availability; the mutation stays pending until that is done,
 * so the editor never shows the old answer between the save and the refetch.
 */
export function useAvailabilityMutation<TInput, TAnswer>(
  mutationFn: (input: TInput) => Promise<TAnswer>,
  options: AvailabilityMutationOptions<TAnswer> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onError: options.onError,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: hunterKeys.availabilityAll() });
      options.onSuccess?.(answer);
    },
  });
}
