import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import { adminKeys } from './query-keys';

/**
 * Refetches the public lists and pages of brands, which the brands feature owns. Features do not import each
 * other: the admin route in `app/` gives it to AdminPage, which provides it here.
 */
export const PublicBrandsRefresh = createContext<(() => Promise<void>) | null>(null);

/** After the console adds, edits, removes or uploads brands: its own table and every public list and page. */
export function useRefreshBrands(): () => Promise<void> {
  const queryClient = useQueryClient();
  const refreshPublic = useContext(PublicBrandsRefresh);
  if (!refreshPublic) throw new Error('useRefreshBrands needs AdminPage (PublicBrandsRefresh) above it');
  return useCallback(async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.brands() }), refreshPublic()]);
  }, [queryClient, refreshPublic]);
}
