import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { createQueryClient, getQueryFn } from './query-client';
import { userQueryOptions } from './auth';

describe('query client', () => {
  it('never retries, never refetches by itself and never goes stale', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('reads the query key as the URL and raises on 401 by default', async () => {
    const calls = stubFetch({
      'GET /api/brands/3': () => json(200, { id: 3 }),
      'GET /api/saved-brands': () => json(401, { message: 'Unauthorized' }),
    });
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/brands', 3] })).resolves.toEqual({ id: 3 });
    await expect(client.fetchQuery({ queryKey: ['/api/saved-brands'] })).rejects.toThrow('401: ');
    expect(calls.map((call) => call.url)).toEqual(['/api/brands/3', '/api/saved-brands']);
  });

  it('turns a 401 on the current-user query into "signed out" and asks only once', async () => {
    const calls = stubFetch({ 'GET /api/auth/user': () => json(401, { message: 'Unauthorized' }) });
    await expect(createQueryClient().fetchQuery(userQueryOptions())).resolves.toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('still raises other failures of a returnNull query', async () => {
    stubFetch({ 'GET /api/auth/user': () => new Response('upstream down', { status: 502 }) });
    const fn = getQueryFn({ on401: 'returnNull' });
    await expect(new QueryClient().fetchQuery({ queryKey: ['/api/auth/user'], queryFn: fn })).rejects.toThrow(
      '502: upstream down',
    );
  });
});
