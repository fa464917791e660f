import type { AuthState } from '@/lib/auth';

/**
 * Whether to offer 'Report' on an item: to everyone but its author (a guest is asked to sign in when they click
 * it), and not before the viewer is known. An author who deleted their account (null) is nobody's. The API refuses
 * one's own item too (409), so this only keeps the button off where it would be refused.
 */
export function mayReport(auth: AuthState, authorId: string | null): boolean {
  return auth.status === 'unauthenticated' || (auth.status === 'authenticated' && auth.user.id !== authorId);
}
