import { TIME_ZONE_PATH, type UpdateTimeZoneRequest } from '@hunted/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { userQueryOptions, type User } from '@/lib/auth';

/** `PUT /api/account/time-zone`: the member's zone, answered with the user as identity now holds them. */
export function updateTimeZone(body: UpdateTimeZoneRequest): Promise<User> {
  return request<User>('PUT', TIME_ZONE_PATH, body);
}

/** Saves the zone and puts identity's answer in the current-user query, so every part of the page reads the new zone. */
export function useUpdateTimeZone(
  options: { onSuccess?: (user: User) => void; onError?: (error: unknown, body: UpdateTimeZoneRequest) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeZone,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions().queryKey, user);
      options.onSuccess?.(user);
    },
    onError: options.onError,
  });
}
