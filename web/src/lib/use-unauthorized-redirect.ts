import { useEffect } from 'react';
import { HttpError } from './api-client';
import { handleUnauthorized } from './unauthorized';

/** Sends the user to sign in (after the 'Unauthorized' toast) when any of these errors is a 401. */
export function useUnauthorizedRedirect(...errors: unknown[]) {
  const unauthorized = errors.find((error) => error instanceof HttpError && error.status === 401);
  useEffect(() => {
    if (unauthorized) handleUnauthorized(unauthorized);
  }, [unauthorized]);
}
