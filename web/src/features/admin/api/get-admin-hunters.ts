import type { AdminHunter, AdminHunterListQuery } from '@hunted/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPage, toQueryString, type Page } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** Hunters per page of the vetting console. */
export const ADMIN_HUNTERS_PAGE_SIZE = 20;

/**
 * A page of hunters: `status=pending` is the queue (oldest submission first), `revision=pending` the queue of changes
 * to approved profiles (oldest change first), the rest newest first.
 */
export function getAdminHunters(query: AdminHunterListQuery): Promise<Page<AdminHunter>> {
  return getPage<AdminHunter>(
    `/api/admin/hunters${toQueryString({
      status: query.status === 'all' ? undefined : query.status,
      revision: query.revision === 'all' ? undefined : query.revision,
      search: query.search?.trim(),
      limit: query.limit ?? ADMIN_HUNTERS_PAGE_SIZE,
      offset: query.offset ?? 0,
    })}`,
  );
}

/** The page on screen stays while the next one loads (no flash of a spinner between pages or keystrokes). */
export const adminHuntersQueryOptions = (query: AdminHunterListQuery) =>
  queryOptions({
    queryKey: adminKeys.hunterList(query),
    queryFn: () => getAdminHunters(query),
    placeholderData: keepPreviousData,
  });

export function useAdminHunters(query: AdminHunterListQuery) {
  return useQuery(adminHuntersQueryOptions(query));
}
