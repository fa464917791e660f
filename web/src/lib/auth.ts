import type { CurrentUserResponse } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from './query-client';

/** The signed-in user, as identity answers `GET /api/auth/user`. */
export type User = CurrentUserResponse;

export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/user'],
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    retry: false,
  });

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'unauthenticated'; user: null };

/**
 * The header and the guards derive everything from the current-user call. A failed call (gateway down,
 * unexpected answer) counts as signed out: the visitor can still browse and try signing in.
 */
export function useAuth(): AuthState {
  const { data, isPending } = useQuery(userQueryOptions());
  if (isPending) return { status: 'loading', user: null };
  if (data) return { status: 'authenticated', user: data };
  return { status: 'unauthenticated', user: null };
}

/** Sign-in and sign-out are full browser navigations: the identity provider's pages are not part of the SPA. */
export function goToLogin(): void {
  window.location.assign('/api/login');
}

/** Told to the page just before signing out, so anything live (the messages socket) closes first. */
export const SIGNING_OUT_EVENT = 'hunted:signing-out';

export function goToLogout(): void {
  window.dispatchEvent(new Event(SIGNING_OUT_EVENT));
  window.location.assign('/api/logout');
}
