import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { throwIfNotOk } from '@/lib/api-client';

/** One page of a paged list and the total the server counted (`x-total-count`). */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * GET a paged list. `request()` hides the headers, and the total lives in one, so this asks `fetch` itself,
 * with the same rules: cookies sent, no JSON content type without a body, failures as HttpError. A
 * non-array answer counts as an empty list (spec, section 7).
 */
export async function getPage<T>(url: string): Promise<Page<T>> {
  const response = await fetch(url, { method: 'GET', credentials: 'include' });
  await throwIfNotOk(response);
  const body: unknown = await response.json().catch(() => null);
  const items = Array.isArray(body) ? (body as T[]) : [];
  const header = Number(response.headers.get('x-total-count'));
  return { items, total: Number.isFinite(header) && response.headers.has('x-total-count') ? header : items.length };
}

/** A query string of the non-empty values, or '' when there are none. */
export function toQueryString(params: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The offset of the page after the ones loaded, or undefined once the total is reached (or a page came back empty). */
export function nextOffset<T>(last: Page<T>, pages: Page<T>[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return last.items.length > 0 && loaded < last.total ? loaded : undefined;
}

/**
 * Keeps only the first page of a paged list: after a new item every later offset has shifted, and refetching
 * all the loaded pages would cost as much as the whole list. The first page stays on screen until refetched.
 */
export function dropLaterPages(queryClient: QueryClient, queryKey: QueryKey): void {
  queryClient.setQueryData<InfiniteData<unknown, unknown>>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}

/** Refetches a paged list from its first page (see dropLaterPages). */
export function refetchFromFirstPage(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  dropLaterPages(queryClient, queryKey);
  return queryClient.invalidateQueries({ queryKey });
}
