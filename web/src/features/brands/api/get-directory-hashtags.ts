import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { brandKeys } from './query-keys';

/** The directory's hashtags for the /brands filter, already bounded and sorted by the server. */
export function getDirectoryHashtags(): Promise<string[]> {
  return request<unknown>('GET', '/api/brands/hashtags').then((body) =>
    Array.isArray(body) ? body.filter((hashtag): hashtag is string => typeof hashtag === 'string') : [],
  );
}

export const directoryHashtagsQueryOptions = () =>
  queryOptions({
    queryKey: brandKeys.hashtags(),
    queryFn: getDirectoryHashtags,
    // Other members' brands add hashtags without any mutation here to invalidate them; a minute old is fresh enough.
    staleTime: 60_000,
  });

export function useDirectoryHashtags() {
  return useQuery(directoryHashtagsQueryOptions());
}
