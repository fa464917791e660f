import { HUNTER_BOOKINGS_PAGE_SIZE, MY_BOOKINGS_PAGE_SIZE, type PageName } from '@hunted/contracts';
import { positiveIntOf } from '@hunted/platform';
import { escapeHtml } from './page-document.js';
import type { PageMatch } from './page-routes.js';

/** What the SPA asks on every page load: who is signed in (the header, and every signed-in page, wait for it). */
const EVERY_PAGE = ['/api/auth/user'];
const SIGNED_IN_PAGE_READS: Partial<Record<PageName, readonly string[]>> = {
  myBookings: [`/api/my-bookings?limit=${MY_BOOKINGS_PAGE_SIZE}&offset=0`],
  // The booking form offers the member's style passport, and waits for it.
  bookSession: ['/api/style-passport'],
  hunterDashboard: [
    '/api/hunter-profile',
    '/api/hunter-profile/joining-details',
    '/api/hunter-picks/mine',
    `/api/hunter-bookings?limit=${HUNTER_BOOKINGS_PAGE_SIZE}&offset=0`,
  ],
};

/**
 * The API reads a page starts with, exactly as the SPA writes them (same path, same encoding), so the browser
 * fetches them while it is still loading the scripts and the SPA's own fetch takes the answer from the preload
 * (issue 23: on a slow phone the page's data otherwise waits for the whole script chain). Only reads whose address
 * the path alone decides; a page whose first read depends on its query string or stored state gets none.
 */
export function preloadedReads(page: PageMatch | null, signedIn = false): string[] {
  if (!page) return [];
  const reads = [...EVERY_PAGE];
  if (signedIn) reads.push(...(SIGNED_IN_PAGE_READS[page.name] ?? []));
  const hunterId = positiveIntOf(page.params[page.name === 'bookSession' ? 'hunterId' : 'id'] ?? '');
  if (page.name === 'brand' && page.params.id) reads.push(`/api/brands/${encodeURIComponent(page.params.id)}`);
  if ((page.name === 'hunter' || page.name === 'bookSession') && hunterId !== null) reads.push(`/api/hunters/${hunterId}`);
  // /today waits for the day's featured brand and Hunter's Pick before it shows either (so neither moves the page).
  if (page.name === 'today') reads.push('/api/brands/featured', '/api/hunter-picks/today');
  // The legal pages name the operator from the gateway's configuration, but the page served drawn carries it
  // (page-document.ts), so they read nothing more.
  return reads;
}

/**
 * The reads as `<link rel="preload">`: `as="fetch"` with credentials, as the SPA's `fetch(…, { credentials:
 * 'include' })` asks, or the browser would not reuse them.
 */
export function renderPreloads(reads: readonly string[]): string {
  return reads.map((read) => `\n    <link rel="preload" href="${escapeHtml(read)}" as="fetch" crossorigin="use-credentials" />`).join('');
}

/**
 * The page's largest picture, fetched with the scripts at high priority rather than discovered once they have drawn
 * the page (issue 23: the brand page's picture waited over two seconds for its `<img>` on a slow phone).
 */
export function renderImagePreload(url: string | undefined): string {
  return url ? `\n    <link rel="preload" href="${escapeHtml(url)}" as="image" fetchpriority="high" />` : '';
}
