import { CONTACT_SUBMISSIONS_PAGE_SIZE, type ContactSubmission } from '@hunted/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getPage, nextOffset, toQueryString, type Page } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export function getContactSubmissions(offset: number): Promise<Page<ContactSubmission>> {
  return getPage<ContactSubmission>(
    `/api/admin/contact-submissions${toQueryString({ limit: CONTACT_SUBMISSIONS_PAGE_SIZE, offset })}`,
  );
}

/** A page at a time ('Load more'), newest first: the inbox grows without bound, spam included. */
export const contactSubmissionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.contactSubmissions(),
    queryFn: ({ pageParam }) => getContactSubmissions(pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset<ContactSubmission>,
  });

export function useContactSubmissions() {
  return useInfiniteQuery(contactSubmissionsQueryOptions());
}
