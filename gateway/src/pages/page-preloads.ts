import { positiveIntOf } from '@hunted/platform';
import { escapeHtml } from './page-document.js';
import type { PageMatch } from './page-routes.js';

/** What the SPA asks on every page load: who is signed in (the header, and every signed-in page, wait for it). */
const EVERY_PAGE = ['/api/auth/user'];

/**
 * The API reads a page starts with, exactly as the SPA writes them (same path, same encoding), so the browser
 * fetches them while it is still loading the scripts and the SPA's own fetch takes the answer from the preload
 * (issue 23: on a slow phone the page's data otherwise waits for the whole script chain). Only reads whose address
 * the path alone decides; a page whose first read depends on its query string or stored state gets none.
 */
export function preloadedReads(page: PageMatch | null): string[] {
  if (!page) return [];
  const reads = [...EVERY_PAGE];
  const hunterId = positiveIntOf(page.params[page.name === 'bookSession' ? 'hunterId' : 'id'] ?? '');
  if (page.name === 'brand' && page.params.id) reads.push(`/api/brands/${encodeURIComponent(page.params.id)}`);
  if ((page.name === 'hunter' || page.name === 'bookSession') && hunterId !== null) reads.push(`/api/hunters/${hunterId}`);
  // /today waits for the day's featured brand and Hunter's Pick before it shows either (so neither moves the page).
  if (page.name === 'today') reads.push('/api/brands/featured', '/api/hunter-picks/today');
  return reads;
}

/**
 * The reads as `<link rel="preload">`: `as="fetch"` with credentials, as the SPA's `fetch(…, { credentials:
 * 'include' })` asks, or the browser would not reuse them.
 */
export function renderPreloads(reads: readonly string[]): string {
  return reads.map((read) => `\n    <link rel="preload" href="${escapeHtml(read)}" as="fetch" crossorigin="use-credentials" />`).join('');
}
