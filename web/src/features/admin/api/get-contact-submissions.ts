import type { ContactSubmission } from '@hunted/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export function getContactSubmissions(): Promise<ContactSubmission[]> {
  return request<ContactSubmission[]>('GET', '/api/admin/contact-submissions');
}

export const contactSubmissionsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/contact-submissions'], queryFn: getContactSubmissions });

export function useContactSubmissions() {
  return useQuery(contactSubmissionsQueryOptions());
}
