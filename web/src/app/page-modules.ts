import type { PageName } from '@hunted/contracts';

/**
 * The module of each page whose code is loaded when the page is first opened, by its name in PAGE_PATHS. The router
 * loads them from here, and the build (scripts/page-scripts.mjs) reads this file to list each one's scripts for the
 * gateway, which preloads them at low priority in the page's own head: a phone then fetches the page's code while
 * the entry script loads, not after it has run (issue 23). Keep each entry a single `() => import('…')` line: the
 * build reads them as text.
 */
export const PAGE_MODULES = {
  brands: () => import('@/features/brands/pages/brands-page'),
  brand: () => import('./routes/brand'),
  today: () => import('./routes/today'),
  bookAHunter: () => import('@/features/hunters/pages/book-a-hunter-page'),
  hunter: () => import('./routes/hunter'),
  becomeHunter: () => import('@/features/hunters/pages/become-hunter-page'),
  bookSession: () => import('./routes/book-session'),
  payment: () => import('./routes/book-session'),
  bookingConfirmed: () => import('@/features/bookings/pages/booking-confirmed-page'),
  admin: () => import('./routes/admin'),
  faq: () => import('@/features/support/pages/faq-page'),
  contact: () => import('@/features/support/pages/contact-page'),
  submit: () => import('@/features/brands/pages/submit-brand-page'),
  saved: () => import('@/features/brands/pages/saved-brands-page'),
  myBookings: () => import('./routes/my-bookings'),
  messages: () => import('@/features/messaging/pages/messages-page'),
  createHunterProfile: () => import('@/features/hunters/pages/create-hunter-profile-page'),
  hunterDashboard: () => import('./routes/hunter-dashboard'),
  editProfile: () => import('./routes/edit-profile'),
  unsubscribe: () => import('@/features/messaging/pages/unsubscribe-page'),
  accountDeleted: () => import('@/features/account/pages/account-deleted-page'),
  moderationNotice: () => import('@/features/moderation/pages/moderation-notice-page'),
  terms: () => import('@/features/legal/pages/terms-page'),
  hunterTerms: () => import('@/features/legal/pages/hunter-terms-page'),
  privacy: () => import('@/features/legal/pages/privacy-page'),
  cookies: () => import('@/features/legal/pages/cookies-page'),
} satisfies Partial<Record<PageName, () => Promise<unknown>>>;
