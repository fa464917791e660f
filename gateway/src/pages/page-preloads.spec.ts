import { describe, expect, it } from 'vitest';
import { preloadedReads, renderImagePreload, renderPreloads } from './page-preloads.js';
import { matchPage } from './page-routes.js';

describe('preloadedReads', () => {
  it("names the reads a page starts with, written as the SPA writes them", () => {
    expect(preloadedReads(matchPage('/'))).toEqual(['/api/auth/user']);
    expect(preloadedReads(matchPage('/brand/42/loom-and-co'))).toEqual(['/api/auth/user', '/api/brands/42']);
    expect(preloadedReads(matchPage('/brand/a b'))).toEqual(['/api/auth/user', '/api/brands/a%20b']);
    expect(preloadedReads(matchPage('/hunters/7/ada-lind'))).toEqual(['/api/auth/user', '/api/hunters/7']);
    expect(preloadedReads(matchPage('/book-session/7'))).toEqual(['/api/auth/user', '/api/hunters/7']);
    expect(preloadedReads(matchPage('/today'))).toEqual(['/api/auth/user', '/api/brands/featured', '/api/hunter-picks/today']);
    // The settings the legal pages show come with the page (page-document.ts): nothing to preload.
    expect(preloadedReads(matchPage('/terms'))).toEqual(['/api/auth/user']);
    expect(preloadedReads(matchPage('/cookies'))).toEqual(['/api/auth/user']);
  });

  it('names nothing for a path the SPA does not know, and no hunter read for an id that cannot be one', () => {
    expect(preloadedReads(matchPage('/no-such-page'))).toEqual([]);
    expect(preloadedReads(matchPage('/book-session/seven'))).toEqual(['/api/auth/user']);
  });

  it("adds a signed-in page's first reads only with a session, and never the live messaging reads", () => {
    expect(preloadedReads(matchPage('/my-bookings'))).toEqual(['/api/auth/user']);
    expect(preloadedReads(matchPage('/my-bookings'), true)).toEqual([
      '/api/auth/user',
      '/api/my-bookings?limit=50&offset=0',
    ]);
    expect(preloadedReads(matchPage('/messages'), true)).toEqual(['/api/auth/user']);
    expect(preloadedReads(matchPage('/hunter-dashboard'), true)).toEqual([
      '/api/auth/user',
      '/api/hunter-profile',
      '/api/hunter-profile/joining-details',
      '/api/hunter-picks/mine',
      '/api/hunter-bookings?limit=100&offset=0',
    ]);
    expect(preloadedReads(matchPage('/book-session/7'), true)).toEqual([
      '/api/auth/user',
      '/api/style-passport',
      '/api/hunters/7',
    ]);
    expect(preloadedReads(matchPage('/brand/42'), true)).toEqual([
      '/api/auth/user',
      '/api/brands/42',
    ]);
  });

  it('renders each as a credentialed fetch preload, escaped', () => {
    expect(renderPreloads(['/api/brands/a"b'])).toBe('\n    <link rel="preload" href="/api/brands/a&quot;b" as="fetch" crossorigin="use-credentials" />');
  });

  it("renders the page's largest picture as a high-priority image preload, escaped, and nothing without one", () => {
    expect(renderImagePreload('/uploads/a"b.png')).toBe(
      '\n    <link rel="preload" href="/uploads/a&quot;b.png" as="image" fetchpriority="high" />',
    );
    expect(renderImagePreload(undefined)).toBe('');
  });
});
