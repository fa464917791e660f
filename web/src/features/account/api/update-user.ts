import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { User } from '@/lib/auth';

/** What PATCH /api/auth/user accepts. The email is absent on purpose: the server refuses it. */
export interface UpdateUserInput {
  firstName: string;
  lastName: string;
  instagramUrl: string | null;
  /** Sent only when the photo changed, so an unchanged (possibly large) image is not uploaded again. */
  profileImageUrl?: string;
}

export function updateUser(input: UpdateUserInput): Promise<User> {
  return request<User>('PATCH', '/api/auth/user', input);
}

export function useUpdateUser(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  return useMutation({ mutationFn: updateUser, ...options });
}
