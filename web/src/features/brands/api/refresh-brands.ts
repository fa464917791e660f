import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { brandKeys } from './query-keys';

/**
 * Refetches every list and page that shows a brand, for a change another feature makes (a review moves the rating
 * and the review count; the admin console adds, edits and removes brands). Features do not import each other: the
 * routes in `app/` hand this to them (see docs/architecture.md, Web).
 */
export function useRefreshBrands(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: brandKeys.shown() }), [queryClient]);
}
