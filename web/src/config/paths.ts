import { brandSlug } from '@hunted/contracts';

/** Every route of the SPA, named once. `path` is the router pattern; `getHref` builds a link to it. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  brands: {
    path: '/brands',
    getHref: (filter?: { category?: string; tag?: string; hashtag?: string }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filter ?? {})) if (value) query.set(key, value);
      const search = query.toString();
      return search ? `/brands?${search}` : '/brands';
    },
  },
  brand: {
    path: '/brand/:id/:slug?',
    getHref: (id: number | string, name?: string) => (name ? `/brand/${id}/${brandSlug(name)}` : `/brand/${id}`),
  },
  today: { path: '/today', getHref: () => '/today' },
  bookAHunter: { path: '/book-a-hunter', getHref: () => '/book-a-hunter' },
  becomeHunter: { path: '/become-hunter', getHref: () => '/become-hunter' },
  bookSession: { path: '/book-session/:hunterId', getHref: (hunterId: number | string) => `/book-session/${hunterId}` },
  payment: { path: '/payment/:hunterId', getHref: (hunterId: number | string) => `/payment/${hunterId}` },
  bookingConfirmed: { path: '/booking-confirmed', getHref: () => '/booking-confirmed' },
  admin: { path: '/admin', getHref: () => '/admin' },
  faq: { path: '/faq', getHref: () => '/faq' },
  contact: { path: '/contact', getHref: () => '/contact' },

  submit: { path: '/submit', getHref: () => '/submit' },
  saved: { path: '/saved', getHref: () => '/saved' },
  myBookings: { path: '/my-bookings', getHref: () => '/my-bookings' },
  messages: {
    path: '/messages',
    getHref: (conversationId?: number | string) =>
      conversationId === undefined ? '/messages' : `/messages?conversation=${encodeURIComponent(conversationId)}`,
  },
  createHunterProfile: { path: '/create-hunter-profile', getHref: () => '/create-hunter-profile' },
  hunterDashboard: { path: '/hunter-dashboard', getHref: () => '/hunter-dashboard' },
  editProfile: { path: '/edit-profile', getHref: () => '/edit-profile' },

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
