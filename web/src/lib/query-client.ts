import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { HttpError, request } from './api-client';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Reads the query key as the URL, so `['/api/brands', id]` fetches `/api/brands/{id}`. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const url = queryKey.map(String).join('/');
    try {
      return await request<T>('GET', url);
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof HttpError && error.status === 401) return null;
      throw error;
    }
  };
}

/** Data never goes stale by itself and nothing refetches behind the user's back; mutations invalidate. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
