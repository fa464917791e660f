import { toast } from '@/components/ui/toast';
import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '@/config/constants';
import { HttpError } from '@/lib/api-client';
import { goToLogin } from '@/lib/auth';

/**
 * The signed-in pages' answer to a 401 on any call (the session ended while the page was open): the spec's
 * 'Unauthorized' toast, then sign-in after 0.5 s. True when it handled the error.
 */
export function handleUnauthorized(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.status !== 401) return false;
  toast({ variant: 'destructive', title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
  setTimeout(goToLogin, UNAUTHORIZED_REDIRECT_DELAY_MS);
  return true;
}
