/**
 * The gateway's one routing table: which service owns which public path. Every `/api/*` call of the two
 * spec documents ("The calls it makes") is here, plus identity's sign-in paths and socket.io. A path that no
 * row matches is not proxied at all (the gateway answers 404), so a service cannot be reached by accident.
 */

export type ServiceName = 'identity' | 'brands' | 'reviews' | 'hunters' | 'bookings' | 'messaging';

export const SERVICE_NAMES: readonly ServiceName[] = ['identity', 'brands', 'reviews', 'hunters', 'bookings', 'messaging'];

/** Which request-body ceiling applies; the sizes themselves are configuration. */
export type BodyLimitClass = 'default' | 'reviewPhotos' | 'csvUpload' | 'profileEdit' | 'webhook';

/**
 * Which budget a request spends; unset means "reads" for GET/HEAD/OPTIONS and "writes" otherwise. `contact`
 * applies to the route's unsafe methods only (its reads are ordinary reads). `sockets` is socket.io's: per member
 * and per address, every method and every websocket upgrade. `webhook` is a processor's deliveries, per address,
 * with a budget of its own so a burst of them spends no member's and no member spends theirs.
 */
export type RateLimitClass = 'reads' | 'writes' | 'login' | 'contact' | 'sockets' | 'webhook' | UploadRateClass | 'none';

/**
 * The upload routes' budgets, one per upload kind (decision 0091): like `contact`, spent by the route's unsafe
 * methods only (its reads are ordinary reads), per member. The services' daily allowances bound the day; these the
 * minute, so a burst of large bodies never reaches a service.
 */
export const UPLOAD_RATE_CLASSES = ['reviewUploads', 'hunterPhotoUploads', 'editPhotoUploads', 'bookingPhotoUploads', 'avatarUploads', 'brandImageUploads'] as const;
export type UploadRateClass = (typeof UPLOAD_RATE_CLASSES)[number];

export interface RouteRule {
  /**
   * A path prefix matched segment by segment: `:name` matches any one segment, and the rule also covers every
   * path below it (`/api/brands` matches `/api/brands/3/vote`, never `/api/brandsx`).
   */
  prefix: string;
  service: ServiceName;
  bodyLimit?: BodyLimitClass;
  rateLimit?: RateLimitClass;
  /** Callers that cannot carry our Origin (Stripe) and authenticate the request some other way. */
  csrfExempt?: boolean;
  /**
   * A header every request here must carry (Stripe's signature): without it the gateway answers 400 itself,
   * before reading the body, since the service could only refuse it.
   */
  requiredHeader?: string;
  /**
   * Guests may send unsafe requests (POST/PUT/PATCH/DELETE) here. Everywhere else an unsafe request without a
   * session is answered 401 by the gateway before its body is read, so a guest cannot make a service take in
   * (and parse) a large body only to be refused. Each such row is a `@Public()` write of its service, or a caller
   * that has no session by nature (Stripe).
   */
  guestWrites?: boolean;
  /**
   * Every method here needs a session (the service's routes are all `@SignedIn()`), so a request without one is
   * answered 401 by the gateway itself. It saves the service a call, and keeps a guest's page load from waiting
   * on a slow or hung service only to hear what the gateway already knows.
   */
  membersOnly?: boolean;
  /**
   * Answered by the gateway itself, never proxied, once every check of the edge (path, identity, rate limit,
   * members only) has passed: the member's data archive, put together from every service's part.
   */
  answeredByGateway?: 'dataExportArchive';
  /**
   * The service's public answers here are the same whoever asks (it marks them `public`, and reads no identity to
   * make them), so the micro-cache answers members from them too, not only guests: a member's booking page reads a
   * hunter's slots at a guest's cost (issue 40). A member's own write still drops the service's kept answers, and
   * bookings' events drop them on every gateway replica (cache/answers-invalidation.ts).
   */
  sameForEveryone?: boolean;
}

/** Ordered most specific first: the first matching rule wins. */
export const ROUTES: readonly RouteRule[] = [
  // identity: sign-in, sign-out and the current user (including its avatars). Signing in and out is what a
  // guest (or a caller whose session has ended) does, whatever the method.
  { prefix: '/api/login', service: 'identity', rateLimit: 'login', guestWrites: true },
  { prefix: '/api/callback', service: 'identity', rateLimit: 'login', guestWrites: true },
  { prefix: '/api/logout', service: 'identity', guestWrites: true },
  // the profile edit carries the avatar upload: its writes spend the avatars' budget
  { prefix: '/api/auth/user', service: 'identity', bodyLimit: 'profileEdit', rateLimit: 'avatarUploads', membersOnly: true },
  { prefix: '/api/auth', service: 'identity' },
  // your data (decision 0098): each service answers its own stored part of a member's export; identity the rest
  // (exports, deletion, and the admins' view of deletions). The archive itself is the gateway's (data-exports/).
  { prefix: '/api/account/data-exports/:id/parts/brands', service: 'brands', membersOnly: true },
  { prefix: '/api/account/data-exports/:id/parts/reviews', service: 'reviews', membersOnly: true },
  { prefix: '/api/account/data-exports/:id/parts/hunters', service: 'hunters', membersOnly: true },
  { prefix: '/api/account/data-exports/:id/parts/bookings', service: 'bookings', membersOnly: true },
  { prefix: '/api/account/data-exports/:id/parts/messaging', service: 'messaging', membersOnly: true },
  // the archive of a ready export: the gateway's own answer (identity says whether it is the caller's and ready)
  { prefix: '/api/account/data-exports/:id/archive', service: 'identity', membersOnly: true, answeredByGateway: 'dataExportArchive' },
  { prefix: '/api/account', service: 'identity', membersOnly: true },
  { prefix: '/api/admin/deletions', service: 'identity' },

  // reviews: the review and comment threads of a brand sit under the brand's path
  // a review is posted with its photos (up to three): its writes spend the review uploads' budget
  { prefix: '/api/brands/:id/reviews', service: 'reviews', bodyLimit: 'reviewPhotos', rateLimit: 'reviewUploads' },
  { prefix: '/api/brands/:id/comments', service: 'reviews' },
  { prefix: '/api/brands/:id/photos', service: 'reviews' },
  // review photos, stored once and served by URL (lists carry the URLs, never the bytes)
  { prefix: '/api/media/review-photos', service: 'reviews' },

  // brands: listing, detail, views, votes, saves, submissions and the admin catalogue
  { prefix: '/api/admin/brands/upload-csv', service: 'brands', bodyLimit: 'csvUpload' },
  { prefix: '/api/admin/brands', service: 'brands' },
  // a brand form's image (decision 0093): uploaded inline (under 5 MB, about 6.7 MB in base64: the profile-edit limit)
  // or a link brands fetches once; its writes spend the brand images' budget. Stored images are served by URL.
  { prefix: '/api/brand-images', service: 'brands', bodyLimit: 'profileEdit', rateLimit: 'brandImageUploads', membersOnly: true },
  { prefix: '/api/media/brand-images', service: 'brands' },
  { prefix: '/api/saved-brands', service: 'brands' },
  // every visitor's page view is counted (brands' `POST /api/brands/{id}/view` is @Public)
  { prefix: '/api/brands/:id/view', service: 'brands', guestWrites: true },
  // hunters answers the published Hunter Edits naming a brand (it owns the edits, issue 25)
  { prefix: '/api/brands/:id/hunter-edits', service: 'hunters' },
  { prefix: '/api/brands', service: 'brands' },
  // the style passport (issue 25): the member's own, and a booking's as its client shared it; members only
  { prefix: '/api/style-passport', service: 'brands', membersOnly: true },
  { prefix: '/api/style-passports', service: 'brands', membersOnly: true },

  // reviews of hunters: a hunter's public reviews sit under the hunter's path; writing and replying under their own
  // (reporting them and the admins' moderation are the moderation routes' below)
  { prefix: '/api/hunters/:id/reviews', service: 'reviews' },
  { prefix: '/api/hunter-reviews', service: 'reviews' },

  // reporting and moderation (decision 0101): the owner of each kind of item answers its reports, the admins'
  // queue and decisions on it, and its author's notice and one appeal (brands: brands; the rest: reviews)
  { prefix: '/api/reports/brand', service: 'brands', membersOnly: true },
  { prefix: '/api/reports/brand-review', service: 'reviews', membersOnly: true },
  { prefix: '/api/reports/comment', service: 'reviews', membersOnly: true },
  { prefix: '/api/reports/hunter-review', service: 'reviews', membersOnly: true },
  { prefix: '/api/admin/moderation/brand', service: 'brands' },
  { prefix: '/api/admin/moderation/brand-review', service: 'reviews' },
  { prefix: '/api/admin/moderation/comment', service: 'reviews' },
  { prefix: '/api/admin/moderation/hunter-review', service: 'reviews' },
  { prefix: '/api/moderation/brand', service: 'brands', membersOnly: true },
  { prefix: '/api/moderation/brand-review', service: 'reviews', membersOnly: true },
  { prefix: '/api/moderation/comment', service: 'reviews', membersOnly: true },
  { prefix: '/api/moderation/hunter-review', service: 'reviews', membersOnly: true },

  // bookings answers a hunter's bookable slots (it holds the availability copy and the bookings that block them)
  { prefix: '/api/hunters/:id/slots', service: 'bookings', sameForEveryone: true },

  // hunters: profiles and availability
  // A profile's create and edit carry an inline photo (under 5 MB, about 6.7 MB in base64): the profile-edit limit.
  // Its writes (the profile's create and edit) spend the hunter photos' budget.
  { prefix: '/api/hunters', service: 'hunters', bodyLimit: 'profileEdit', rateLimit: 'hunterPhotoUploads' },
  { prefix: '/api/hunter-profile', service: 'hunters' },
  // Hunter Edits (issue 25): an item photo is uploaded inline (5 MB in base64); not members-only, since a
  // published edit is readable by guests
  { prefix: '/api/hunter-edits/photos', service: 'hunters', bodyLimit: 'profileEdit', rateLimit: 'editPhotoUploads' },
  { prefix: '/api/hunter-edits', service: 'hunters' },
  { prefix: '/api/hunter-availability', service: 'hunters' },
  // vetting: the admin's queue and decisions (admins only, as every /api/admin path)
  { prefix: '/api/admin/hunters', service: 'hunters' },
  // Hunter's Pick on /today (issue 25): today's pick, the day's hunter's pick, and the admins' rota
  { prefix: '/api/hunter-picks', service: 'hunters' },
  { prefix: '/api/admin/hunter-pick-rota', service: 'hunters' },
  // hunter photos, stored once and served by URL (lists carry the URLs, never the bytes)
  { prefix: '/api/media/hunter-photos', service: 'hunters' },

  // bookings: holds, payments, both sides' booking lists, and Stripe's signed webhook
  { prefix: '/api/bookings', service: 'bookings' },
  { prefix: '/api/my-bookings', service: 'bookings' },
  { prefix: '/api/create-payment-intent', service: 'bookings' },
  { prefix: '/api/hunter-bookings', service: 'bookings' },
  // a booking's photos: one inline photo per upload (under 5 MB, about 6.7 MB in base64: the profile-edit limit),
  // served by URL to the booking's two participants only
  { prefix: '/api/booking-photos', service: 'bookings', bodyLimit: 'profileEdit', rateLimit: 'bookingPhotoUploads' },
  { prefix: '/api/media/booking-photos', service: 'bookings' },
  // disputes of no-show marks (admins only, as every /api/admin path)
  { prefix: '/api/admin/booking-disputes', service: 'bookings' },
  // payouts: the hunter's Stripe Connect account, onboarding links, earnings and their CSV
  { prefix: '/api/hunter-payouts', service: 'bookings' },
  { prefix: '/api/hunter-earnings', service: 'bookings' },
  // Stripe's deliveries: signed (so no CSRF origin and no session), their own budget and a small body limit.
  {
    prefix: '/api/stripe/webhook',
    service: 'bookings',
    csrfExempt: true,
    rateLimit: 'webhook',
    bodyLimit: 'webhook',
    requiredHeader: 'Stripe-Signature',
    guestWrites: true,
  },
  // Connect's deliveries (events of hunters' connected accounts: account.updated, payout.*): an endpoint and secret of their own
  {
    prefix: '/api/stripe/connect-webhook',
    service: 'bookings',
    csrfExempt: true,
    rateLimit: 'webhook',
    bodyLimit: 'webhook',
    requiredHeader: 'Stripe-Signature',
    guestWrites: true,
  },

  // messaging: conversations, the contact form and its admin inbox, and the live socket
  { prefix: '/api/conversations', service: 'messaging' },
  { prefix: '/api/hunter-conversations', service: 'messaging' },
  // the contact form is for guests too (messaging's `POST /api/contact` is @Public), with its own hourly limit
  { prefix: '/api/contact', service: 'messaging', rateLimit: 'contact', guestWrites: true },
  { prefix: '/api/admin/contact-submissions', service: 'messaging' },
  // email preferences (decision 0098): the member's switches, and the signed links of optional emails, which work
  // without a session (the signed token is the proof; a mail provider's RFC 8058 POST carries no Origin, so passes)
  { prefix: '/api/email-preferences/unsubscribe', service: 'messaging', guestWrites: true },
  { prefix: '/api/email-preferences/resubscribe', service: 'messaging', guestWrites: true },
  { prefix: '/api/email-preferences', service: 'messaging', membersOnly: true },
  // the live socket is for members only (guests are refused here, upgrades included) and has its own budget
  { prefix: '/socket.io', service: 'messaging', rateLimit: 'sockets', membersOnly: true },
];

interface CompiledRule {
  rule: RouteRule;
  segments: readonly string[];
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

const COMPILED: readonly CompiledRule[] = ROUTES.map((rule) => ({ rule, segments: segmentsOf(rule.prefix) }));

function matches(compiled: CompiledRule, pathSegments: readonly string[]): boolean {
  if (pathSegments.length < compiled.segments.length) return false;
  return compiled.segments.every((segment, index) => segment.startsWith(':') || segment === pathSegments[index]);
}

/** The rule owning a request path (query string allowed, ignored), or null when no service owns it. */
export function matchRoute(url: string, rules: readonly CompiledRule[] = COMPILED): RouteRule | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const pathSegments = segmentsOf(path);
  for (const compiled of rules) {
    if (matches(compiled, pathSegments)) return compiled.rule;
  }
  return null;
}

const MATCHED_ROUTE = Symbol('matchedRoute');

/**
 * matchRoute of a request's path, worked out once per request and kept on it: the proxy, the access line, the
 * request metrics and the trace all name the route.
 */
export function routeOfRequest(req: { url?: string; [MATCHED_ROUTE]?: RouteRule | null }): RouteRule | null {
  let route = req[MATCHED_ROUTE];
  if (route === undefined) {
    route = matchRoute(req.url ?? '/');
    req[MATCHED_ROUTE] = route;
  }
  return route;
}

/**
 * True for a path under `/api/admin`, however it is spelled: empty segments (`/api//admin/brands`), percent-encoded
 * letters (`/api/%61dmin`) and case are normalised away first, as a router or proxy that merges slashes or decodes
 * the path would read it. The admin pre-check must not be the one reader that misses it.
 */
export function isAdminPath(url: string): boolean {
  const queryAt = url.indexOf('?');
  const segments = segmentsOf(queryAt === -1 ? url : url.slice(0, queryAt)).map((segment) => {
    try {
      return decodeURIComponent(segment).toLowerCase();
    } catch {
      return segment.toLowerCase();
    }
  });
  return segments[0] === 'api' && segments[1] === 'admin';
}

/**
 * True for a path a proxy could resolve differently from us: dot segments (plain or percent-encoded) and
 * encoded slashes or backslashes. We refuse such paths instead of guessing how each upstream normalises them.
 */
export function isAmbiguousPath(url: string): boolean {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).toLowerCase();
  if (/%2f|%5c|\\/.test(path)) return true;
  return path.split('/').some((segment) => {
    const decoded = segment.replace(/%2e/g, '.');
    return decoded === '.' || decoded === '..';
  });
}
