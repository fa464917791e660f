import { brandSlug, hunterPagePath, moderationNoticePath, PAGE_PATHS, type ReportableKind } from '@hunted/contracts';

/**
 * Every route of the SPA, named once. `path` is the router pattern, from the contracts' PAGE_PATHS (which the gateway
 * reads too, to answer 404 for any other path); `getHref` builds a link to it.
 */
export const paths = {
  home: { path: PAGE_PATHS.home, getHref: () => '/' },
  brands: {
    path: PAGE_PATHS.brands,
    getHref: (filter?: { category?: string; tag?: string; hashtag?: string }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filter ?? {})) if (value) query.set(key, value);
      const search = query.toString();
      return search ? `/brands?${search}` : '/brands';
    },
  },
  brand: {
    path: PAGE_PATHS.brand,
    getHref: (id: number | string, name?: string) => (name ? `/brand/${id}/${brandSlug(name)}` : `/brand/${id}`),
  },
  today: { path: PAGE_PATHS.today, getHref: () => '/today' },
  bookAHunter: { path: PAGE_PATHS.bookAHunter, getHref: () => '/book-a-hunter' },
  /** A hunter's public page: `/hunters/{id}/{slug}` (the slug from the name; the id decides). */
  hunter: { path: PAGE_PATHS.hunter, getHref: (hunter: { id: number; name: string }) => hunterPagePath(hunter) },
  becomeHunter: { path: PAGE_PATHS.becomeHunter, getHref: () => '/become-hunter' },
  bookSession: { path: PAGE_PATHS.bookSession, getHref: (hunterId: number | string) => `/book-session/${hunterId}` },
  payment: { path: PAGE_PATHS.payment, getHref: (hunterId: number | string) => `/payment/${hunterId}` },
  bookingConfirmed: {
    path: PAGE_PATHS.bookingConfirmed,
    getHref: (bookingId?: string) =>
      bookingId ? `/booking-confirmed?booking=${encodeURIComponent(bookingId)}` : '/booking-confirmed',
  },
  admin: { path: PAGE_PATHS.admin, getHref: () => '/admin' },
  faq: { path: PAGE_PATHS.faq, getHref: () => '/faq' },
  contact: { path: PAGE_PATHS.contact, getHref: () => '/contact' },
  terms: { path: PAGE_PATHS.terms, getHref: () => '/terms' },
  hunterTerms: { path: PAGE_PATHS.hunterTerms, getHref: () => '/hunter-terms' },
  privacy: { path: PAGE_PATHS.privacy, getHref: () => '/privacy' },
  cookies: { path: PAGE_PATHS.cookies, getHref: () => '/cookies' },

  submit: { path: PAGE_PATHS.submit, getHref: () => '/submit' },
  saved: { path: PAGE_PATHS.saved, getHref: () => '/saved' },
  myBookings: { path: PAGE_PATHS.myBookings, getHref: () => '/my-bookings' },
  messages: {
    path: PAGE_PATHS.messages,
    getHref: (conversationId?: number | string) =>
      conversationId === undefined ? '/messages' : `/messages?conversation=${encodeURIComponent(conversationId)}`,
  },
  createHunterProfile: { path: PAGE_PATHS.createHunterProfile, getHref: () => '/create-hunter-profile' },
  hunterDashboard: { path: PAGE_PATHS.hunterDashboard, getHref: () => '/hunter-dashboard' },
  editProfile: {
    path: PAGE_PATHS.editProfile,
    /** `section`: one of the page's sections by its id (`email-preferences`, `your-data`), which the page scrolls to. */
    getHref: (section?: 'email-preferences' | 'your-data') => (section ? `/edit-profile#${section}` : '/edit-profile'),
  },
  unsubscribe: {
    path: PAGE_PATHS.unsubscribe,
    getHref: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
  },
  accountDeleted: { path: PAGE_PATHS.accountDeleted, getHref: () => '/account-deleted' },
  /** An author's notice of their hidden item, where the email about it links. */
  moderationNotice: {
    path: PAGE_PATHS.moderationNotice,
    getHref: (kind: ReportableKind, itemId: number) => moderationNoticePath(kind, itemId),
  },

  /**
   * Served by the gateway, not the SPA: reach them with a full navigation. Sign-in's `returnTo` (a same-origin path)
   * is where identity sends the user back; without it, identity uses the Referer.
   */
  login: {
    getHref: (returnTo?: string) => (returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login'),
  },
  logout: { getHref: () => '/api/logout' },
} as const;

export { brandSlug };
