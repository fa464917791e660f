import type { QueryClient } from '@tanstack/react-query';

/**
 * Refetches every brand list and brand page (query keys starting with '/api/brands': the lists, today, featured,
 * top, one brand) after a change that can add, alter or remove a brand.
 */
export function invalidateBrandQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [first] = query.queryKey;
      return typeof first === 'string' && first.startsWith('/api/brands');
    },
  });
}
