/**
 * The gateway's one routing table: which service owns which public path. Every `/api/*` call of the two
 * spec documents ("The calls it makes") is here, plus identity's sign-in paths and socket.io. A path that no
 * row matches is not proxied at all (the gateway answers 404), so a service cannot be reached by accident.
 */

export type ServiceName = 'identity' | 'brands' | 'reviews' | 'hunters' | 'bookings' | 'messaging';

export const SERVICE_NAMES: readonly ServiceName[] = ['identity', 'brands', 'reviews', 'hunters', 'bookings', 'messaging'];

/** Which request-body ceiling applies; the sizes themselves are configuration. */
export type BodyLimitClass = 'default' | 'reviewPhotos' | 'csvUpload';

/** Which per-client budget a request spends; unset means "reads" for GET/HEAD/OPTIONS and "writes" otherwise. */
export type RateLimitClass = 'reads' | 'writes' | 'login' | 'none';

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
}

/** Ordered most specific first: the first matching rule wins. */
export const ROUTES: readonly RouteRule[] = [
  // identity: sign-in, sign-out and the current user (including its avatars)
  { prefix: '/api/login', service: 'identity', rateLimit: 'login' },
  { prefix: '/api/callback', service: 'identity', rateLimit: 'login' },
  { prefix: '/api/logout', service: 'identity' },
  { prefix: '/api/auth', service: 'identity' },

  // reviews: the review and comment threads of a brand sit under the brand's path
  { prefix: '/api/brands/:id/reviews', service: 'reviews', bodyLimit: 'reviewPhotos' },
  { prefix: '/api/brands/:id/comments', service: 'reviews' },
  { prefix: '/api/brands/:id/photos', service: 'reviews' },
  // review photos, stored once and served by URL (lists carry the URLs, never the bytes)
  { prefix: '/api/media/review-photos', service: 'reviews' },

  // brands: listing, detail, views, votes, saves, submissions and the admin catalogue
  { prefix: '/api/admin/brands/upload-csv', service: 'brands', bodyLimit: 'csvUpload' },
  { prefix: '/api/admin/brands', service: 'brands' },
  { prefix: '/api/saved-brands', service: 'brands' },
  { prefix: '/api/brands', service: 'brands' },

  // hunters: profiles and availability
  { prefix: '/api/hunters', service: 'hunters' },
  { prefix: '/api/hunter-profile', service: 'hunters' },
  { prefix: '/api/hunter-availability', service: 'hunters' },

  // bookings: holds, payments, both sides' booking lists, and Stripe's signed webhook
  { prefix: '/api/bookings', service: 'bookings' },
  { prefix: '/api/my-bookings', service: 'bookings' },
  { prefix: '/api/create-payment-intent', service: 'bookings' },
  { prefix: '/api/hunter-bookings', service: 'bookings' },
  { prefix: '/api/stripe/webhook', service: 'bookings', csrfExempt: true, rateLimit: 'none' },

  // messaging: conversations, the contact form and its admin inbox, and the live socket
  { prefix: '/api/conversations', service: 'messaging' },
  { prefix: '/api/hunter-conversations', service: 'messaging' },
  { prefix: '/api/contact', service: 'messaging' },
  { prefix: '/api/admin/contact-submissions', service: 'messaging' },
  { prefix: '/socket.io', service: 'messaging', rateLimit: 'none' },
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
