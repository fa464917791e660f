/**
 * The site's pages, owned by the web app and answered by the gateway: the SPA's route patterns (which the router
 * renders and the gateway answers 200, anything else 404 'Page Not Found'), and the shape in which a service lists
 * its pages for the sitemap. The web app's `paths` and the gateway read these, so the two cannot disagree.
 */

/**
 * Every page route of the SPA, as React Router patterns: `:name` is one path segment, `:name?` an optional one.
 * Matching is case-insensitive and ignores one trailing slash, as React Router's is.
 */
export const PAGE_PATHS = {
  home: '/',
  brands: '/brands',
  brand: '/brand/:id/:slug?',
  today: '/today',
  bookAHunter: '/book-a-hunter',
  hunter: '/hunters/:id/:slug?',
  becomeHunter: '/become-hunter',
  bookSession: '/book-session/:hunterId',
  payment: '/payment/:hunterId',
  bookingConfirmed: '/booking-confirmed',
  admin: '/admin',
  faq: '/faq',
  contact: '/contact',
  submit: '/submit',
  saved: '/saved',
  myBookings: '/my-bookings',
  messages: '/messages',
  createHunterProfile: '/create-hunter-profile',
  hunterDashboard: '/hunter-dashboard',
  editProfile: '/edit-profile',
  /** Where an email's unsubscribe link lands (a person's click: a GET changes nothing until this page POSTs). */
  unsubscribe: '/unsubscribe',
  /** Where a member lands once their account is deleted. */
  accountDeleted: '/account-deleted',
  /**
   * An author's notice of a hidden item (decision 0101; moderationNoticePath builds it): why, and their one appeal.
   * Signed in, never indexed.
   */
  moderationNotice: '/moderation/:kind/:id',
  /** The legal documents (issue 37): terms for members and clients, for hunters, the privacy and cookie notices. */
  terms: '/terms',
  hunterTerms: '/hunter-terms',
  privacy: '/privacy',
  cookies: '/cookies',
} as const;
export type PageName = keyof typeof PAGE_PATHS;

/** The most URLs one sitemap file may list (sitemaps.org); a sitemap index names the files. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * One file's worth of a service's pages for the sitemap: the pages whose ids fall in
 * `((file - 1) * size, file * size]` for the `size` asked (ids are serial, so a file never holds more than `size`),
 * how many there are and when the latest of them changed. Files with no page are left out.
 */
export interface SitemapFile {
  file: number;
  urls: number;
  /** ISO date-time of the most recent change among the file's pages. */
  lastModified: string;
}

/** One page of a service for the sitemap, read in id order a bounded page at a time (keyset: `after` the last id). */
export interface SitemapEntry {
  id: number;
  name: string;
  /** ISO date-time of the page's last change. */
  lastModified: string;
}

/**
 * The routes by which a service that owns pages (brands, hunters) lists them for the gateway's sitemap, the same on
 * each: `GET …/files?size=n` answers `SitemapFile[]`, `GET …/entries?after=&upTo=&limit=` answers `SitemapEntry[]`
 * with `after < id <= upTo` in id order, at most `limit` (≤ SITEMAP_ENTRIES_MAX_LIMIT). Under `/internal`, which the
 * gateway never proxies from outside.
 */
export const INTERNAL_SITEMAP_FILES_PATH = '/internal/sitemap/files';
export const INTERNAL_SITEMAP_ENTRIES_PATH = '/internal/sitemap/entries';
export const SITEMAP_ENTRIES_MAX_LIMIT = 5_000;
