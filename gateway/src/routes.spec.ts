import { describe, expect, it } from 'vitest';
import { isAmbiguousPath, matchRoute, ROUTES, type ServiceName } from './routes.js';

/** Every call of both spec documents' "The calls it makes", with a concrete id where the spec has one. */
const SPEC_CALLS: ReadonlyArray<[method: string, path: string, service: ServiceName]> = [
  // brands-directory.md, section 7
  ['GET', '/api/auth/user', 'identity'],
  ['PATCH', '/api/auth/user', 'identity'],
  ['GET', '/api/brands/today?category=Menswear&location=London', 'brands'],
  ['GET', '/api/brands/featured', 'brands'],
  ['GET', '/api/brands/top?limit=3', 'brands'],
  ['GET', '/api/brands?minRating=4&tag=vegan', 'brands'],
  ['GET', '/api/brands/3', 'brands'],
  ['GET', '/api/brands/3/reviews', 'reviews'],
  ['GET', '/api/brands/3/reviews/mine', 'reviews'],
  ['GET', '/api/brands/3/photos', 'reviews'],
  ['POST', '/api/brands/3/view', 'brands'],
  ['POST', '/api/brands/3/vote', 'brands'],
  ['GET', '/api/brands/3/saved', 'brands'],
  ['POST', '/api/brands/3/save', 'brands'],
  ['DELETE', '/api/brands/3/save', 'brands'],
  ['GET', '/api/brands/3/comments', 'reviews'],
  ['POST', '/api/brands/3/comments', 'reviews'],
  ['POST', '/api/brands/3/reviews', 'reviews'],
  ['POST', '/api/brands', 'brands'],
  ['GET', '/api/saved-brands', 'brands'],
  ['POST', '/api/contact', 'messaging'],
  ['GET', '/api/admin/brands', 'brands'],
  ['GET', '/api/admin/contact-submissions', 'messaging'],
  ['POST', '/api/admin/brands', 'brands'],
  ['PUT', '/api/admin/brands/12', 'brands'],
  ['DELETE', '/api/admin/brands/12', 'brands'],
  ['POST', '/api/admin/brands/upload-csv', 'brands'],
  ['GET', '/api/login', 'identity'],
  ['GET', '/api/login?returnTo=%2Fsaved', 'identity'],
  ['GET', '/api/callback?code=abc&state=xyz', 'identity'],
  ['GET', '/api/logout', 'identity'],
  ['GET', '/api/auth/avatars/4f1c.png', 'identity'],
  // hunter-marketplace.md, section 7
  ['GET', '/api/hunters?search=denim&sort=price', 'hunters'],
  ['GET', '/api/hunters/7', 'hunters'],
  ['POST', '/api/create-payment-intent', 'bookings'],
  ['POST', '/api/bookings', 'bookings'],
  ['GET', '/api/my-bookings', 'bookings'],
  ['GET', '/api/conversations', 'messaging'],
  ['GET', '/api/conversations/5/messages', 'messaging'],
  ['POST', '/api/conversations/5/messages', 'messaging'],
  ['POST', '/api/hunters', 'hunters'],
  ['PATCH', '/api/hunters/7', 'hunters'],
  ['GET', '/api/hunter-profile', 'hunters'],
  ['GET', '/api/hunter-bookings', 'bookings'],
  ['GET', '/api/hunter-conversations', 'messaging'],
  ['GET', '/api/hunter-availability?startDate=2025-03-01&endDate=2025-03-31', 'hunters'],
  ['POST', '/api/hunter-availability', 'hunters'],
  // platform paths
  ['POST', '/api/stripe/webhook', 'bookings'],
  ['GET', '/socket.io/?EIO=4&transport=polling', 'messaging'],
];

describe('routes table', () => {
  it.each(SPEC_CALLS)('%s %s goes to %s', (_method, path, service) => {
    expect(matchRoute(path)?.service).toBe(service);
  });

  it.each([
    '/api',
    '/api/',
    '/api/unknown',
    '/api/brandsx',
    '/api/hunter',
    '/api/admin',
    '/api/admin/users',
    '/api/internal/session',
    '/internal/session',
    '/brand/3/some-slug',
    '/',
    '/assets/index-abc123.js',
  ])('%s belongs to no service', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it('keeps every rule reachable: no earlier rule shadows a later one', () => {
    for (const rule of ROUTES) {
      const concrete = rule.prefix.replace(/:[^/]+/g, '42');
      expect(matchRoute(concrete), rule.prefix).toBe(rule);
    }
  });

  it('gives review posts the photo-sized body limit and CSV uploads the CSV limit', () => {
    expect(matchRoute('/api/brands/3/reviews')?.bodyLimit).toBe('reviewPhotos');
    expect(matchRoute('/api/admin/brands/upload-csv')?.bodyLimit).toBe('csvUpload');
    expect(matchRoute('/api/brands/3/comments')?.bodyLimit).toBeUndefined();
  });

  it('puts sign-in on the login budget and exempts only the Stripe webhook from the CSRF check', () => {
    expect(matchRoute('/api/login')?.rateLimit).toBe('login');
    expect(matchRoute('/api/callback?code=1')?.rateLimit).toBe('login');
    expect(ROUTES.filter((rule) => rule.csrfExempt).map((rule) => rule.prefix)).toEqual(['/api/stripe/webhook']);
  });
});

describe('isAmbiguousPath', () => {
  it.each(['/api/../internal/session', '/api/brands/%2e%2e/x', '/api/brands/.', '/api/a%2Fb', '/api/a\\b'])(
    'refuses %s',
    (path) => expect(isAmbiguousPath(path)).toBe(true),
  );
  it.each(['/api/brands/3', '/api/brands?q=../x', '/api/auth/avatars/a.b.png'])('accepts %s', (path) =>
    expect(isAmbiguousPath(path)).toBe(false),
  );
});
