import { describe, expect, it } from 'vitest';
import { isAdminPath, isAmbiguousPath, matchRoute, ROUTES, type ServiceName } from './routes.js';

/** Every call of both spec documents' "The calls it makes", with a concrete id where the spec has one. */
const SPEC_CALLS: ReadonlyArray<[method: string, path: string, service: ServiceName]> = [
  // brands-directory.md, section 7
  ['GET', '/api/auth/user', 'identity'],
  ['PATCH', '/api/auth/user', 'identity'],
  ['GET', '/api/brands/today?category=Menswear&location=London', 'brands'],
  ['GET', '/api/brands/featured', 'brands'],
  ['GET', '/api/brands/top?limit=3', 'brands'],
  ['GET', '/api/brands/hashtags', 'brands'],
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
  ['GET', '/api/media/hunter-photos/0b6f7c1e-2f7a-4c1e-9a55-5d6f3e1c2b7a', 'hunters'],
  // hunter-marketplace.md, section 7
  ['GET', '/api/hunters?search=denim&sort=price', 'hunters'],
  ['GET', '/api/hunters/7', 'hunters'],
  ['GET', '/api/hunters/7/slots?from=2026-12-01&to=2026-12-07&sessionType=whatsappVideo', 'bookings'],
  ['POST', '/api/create-payment-intent', 'bookings'],
  ['POST', '/api/bookings', 'bookings'],
  ['GET', '/api/my-bookings', 'bookings'],
  ['GET', '/api/conversations', 'messaging'],
  ['GET', '/api/conversations/5/messages', 'messaging'],
  ['POST', '/api/conversations/5/messages', 'messaging'],
  ['POST', '/api/hunters', 'hunters'],
  ['PATCH', '/api/hunters/7', 'hunters'],
  ['GET', '/api/hunter-profile', 'hunters'],
  ['GET', '/api/hunter-picks/today', 'hunters'],
  ['GET', '/api/style-passport', 'brands'],
  ['GET', '/api/style-passports/0b6f7c1e-2f7a-4c1e-9a55-5d6f3e1c2b7a', 'brands'],
  ['PUT', '/api/hunter-picks/today', 'hunters'],
  ['PUT', '/api/admin/hunter-pick-rota', 'hunters'],
  ['GET', '/api/hunter-bookings', 'bookings'],
  ['POST', '/api/hunter-bookings/0b6f7c1e-2f7a-4c1e-9a55-5d6f3e1c2b7a/attendance', 'bookings'],
  ['POST', '/api/booking-photos', 'bookings'],
  ['GET', '/api/media/booking-photos/0b6f7c1e-2f7a-4c1e-9a55-5d6f3e1c2b7a', 'bookings'],
  ['GET', '/api/admin/booking-disputes?status=open', 'bookings'],
  ['GET', '/api/hunters/7/reviews?limit=10', 'reviews'],
  ['POST', '/api/hunter-reviews', 'reviews'],
  ['POST', '/api/hunter-reviews/4/reply', 'reviews'],
  ['POST', '/api/admin/moderation/hunter-review/4/hide', 'reviews'],
  ['POST', '/api/reports/hunter-review/4', 'reviews'],
  ['GET', '/api/hunter-conversations', 'messaging'],
  // Hunter Edits (issue 25)
  ['POST', '/api/hunter-edits', 'hunters'],
  ['POST', '/api/hunter-edits/photos', 'hunters'],
  ['GET', '/api/hunter-edits/sent?limit=12', 'hunters'],
  ['GET', '/api/hunter-edits/received', 'hunters'],
  ['GET', '/api/hunter-edits/4', 'hunters'],
  ['POST', '/api/hunter-edits/4/publish-request', 'hunters'],
  ['POST', '/api/hunter-edits/4/publish-consent', 'hunters'],
  ['GET', '/api/brands/3/hunter-edits?limit=6', 'hunters'],
  ['GET', '/api/hunters/7/edits', 'hunters'],
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
    // the old moderation of reviews of hunters, folded into /api/admin/moderation/hunter-review (decision 0101)
    '/api/admin/hunter-reviews',
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

  it("answers a member's data archive itself (never proxied), and sends each part route to its own service", () => {
    expect(matchRoute('/api/account/data-exports/42/archive')).toMatchObject({
      service: 'identity',
      membersOnly: true,
      answeredByGateway: 'dataExportArchive',
    });
    expect(ROUTES.filter((rule) => rule.answeredByGateway).map((rule) => rule.prefix)).toEqual(['/api/account/data-exports/:id/archive']);
    expect(matchRoute('/api/account/data-exports/42')?.answeredByGateway).toBeUndefined();
    expect(matchRoute('/api/account/data-exports/42/parts/brands')?.service).toBe('brands');
    expect(matchRoute('/api/account/data-exports/42/parts/identity')).toMatchObject({ service: 'identity', membersOnly: true });
  });

  it('gives review posts the photo-sized body limit and CSV uploads the CSV limit', () => {
    expect(matchRoute('/api/brands/3/reviews')?.bodyLimit).toBe('reviewPhotos');
    expect(matchRoute('/api/admin/brands/upload-csv')?.bodyLimit).toBe('csvUpload');
    expect(matchRoute('/api/brands/3/comments')?.bodyLimit).toBeUndefined();
  });

  it('gives the profile edit (an inline photo) its own limit, and nothing else of identity', () => {
    expect(matchRoute('/api/auth/user')?.bodyLimit).toBe('profileEdit');
    expect(matchRoute('/api/auth/avatars/1')?.bodyLimit).toBeUndefined();
  });

  it('gives hunter profile writes (an inline photo) the profile-edit limit, and their photos none', () => {
    expect(matchRoute('/api/hunters')?.bodyLimit).toBe('profileEdit');
    expect(matchRoute('/api/hunters/7')?.bodyLimit).toBe('profileEdit');
    expect(matchRoute('/api/media/hunter-photos/1')?.bodyLimit).toBeUndefined();
  });

  it("gives an edit's item photo upload the profile-edit limit, and the edits themselves the default", () => {
    expect(matchRoute('/api/hunter-edits/photos')?.bodyLimit).toBe('profileEdit');
    expect(matchRoute('/api/hunter-edits')?.bodyLimit).toBeUndefined();
    expect(matchRoute('/api/hunter-edits/4/publish-consent')?.bodyLimit).toBeUndefined();
    // A guest reads a published edit: the gateway must not answer 401 for the service.
    expect(matchRoute('/api/hunter-edits/4')?.membersOnly).toBeUndefined();
  });

  it("lets guests write only where the owning service's route is public", () => {
    // Each is @Public in its service or is Stripe's signed call; everything else needs a session to write.
    const guestWritable = [
      '/api/login',
      '/api/callback',
      '/api/logout',
      '/api/brands/42/view',
      '/api/stripe/webhook',
      '/api/stripe/connect-webhook',
      '/api/contact',
      '/api/email-preferences/unsubscribe',
      '/api/email-preferences/resubscribe',
    ];
    expect(ROUTES.filter((rule) => rule.guestWrites).map((rule) => rule.prefix.replace(':id', '42'))).toEqual(guestWritable);
    for (const path of ['/api/brands', '/api/brands/3/vote', '/api/brands/3/reviews', '/api/brands/3/comments', '/api/auth/user', '/api/bookings', '/socket.io/']) {
      expect(matchRoute(path)?.guestWrites, path).toBeUndefined();
    }
  });

  it('answers a guest 401 for the style passport itself (members only), never the directory next to it', () => {
    expect(matchRoute('/api/style-passport')).toMatchObject({ service: 'brands', membersOnly: true });
    expect(matchRoute('/api/style-passports/0b6f7c1e-2f7a-4c1e-9a55-5d6f3e1c2b7a')).toMatchObject({
      service: 'brands',
      membersOnly: true,
    });
    expect(matchRoute('/api/brands')?.membersOnly).toBeUndefined();
  });

  it("spends the writes budget on Stripe's onboarding refresh (a POST: unset means writes for unsafe methods), CSRF-checked", () => {
    const refresh = matchRoute('/api/hunter-payouts/refresh');
    expect(refresh).toMatchObject({ service: 'bookings' });
    expect(refresh?.rateLimit).toBeUndefined();
    expect(refresh?.csrfExempt).toBeUndefined();
    expect(refresh?.guestWrites).toBeUndefined();
  });

  it('puts the contact form on its own budget', () => {
    expect(matchRoute('/api/contact')?.rateLimit).toBe('contact');
    expect(matchRoute('/api/admin/contact-submissions')?.rateLimit).toBeUndefined();
  });

  it('puts each upload kind on its own budget, and nothing else on those budgets', () => {
    expect(matchRoute('/api/brands/3/reviews')?.rateLimit).toBe('reviewUploads');
    expect(matchRoute('/api/hunters')?.rateLimit).toBe('hunterPhotoUploads');
    expect(matchRoute('/api/hunters/7')?.rateLimit).toBe('hunterPhotoUploads');
    expect(matchRoute('/api/hunter-edits/photos')?.rateLimit).toBe('editPhotoUploads');
    expect(matchRoute('/api/booking-photos')?.rateLimit).toBe('bookingPhotoUploads');
    expect(matchRoute('/api/auth/user')?.rateLimit).toBe('avatarUploads');
    expect(matchRoute('/api/brand-images')?.rateLimit).toBe('brandImageUploads');
    expect(matchRoute('/api/brand-images')?.bodyLimit).toBe('profileEdit');
    expect(matchRoute('/api/media/brand-images/x')?.service).toBe('brands');
    // The routes beside them keep the ordinary budgets.
    for (const path of ['/api/hunter-edits', '/api/hunters/7/reviews', '/api/hunters/7/slots', '/api/media/booking-photos/x', '/api/auth/avatars/x', '/api/media/brand-images/x', '/api/brands', '/api/admin/brands']) {
      expect(matchRoute(path)?.rateLimit, path).toBeUndefined();
    }
  });

  it("puts sign-in on the login budget and exempts only Stripe's two webhooks from the CSRF check", () => {
    expect(matchRoute('/api/login')?.rateLimit).toBe('login');
    expect(matchRoute('/api/callback?code=1')?.rateLimit).toBe('login');
    expect(ROUTES.filter((rule) => rule.csrfExempt).map((rule) => rule.prefix)).toEqual(['/api/stripe/webhook', '/api/stripe/connect-webhook']);
  });

  it("gives Stripe's webhooks their own budget, their own body limit and a required signature header, and nothing else those", () => {
    for (const path of ['/api/stripe/webhook', '/api/stripe/connect-webhook']) {
      expect(matchRoute(path), path).toMatchObject({ rateLimit: 'webhook', bodyLimit: 'webhook', requiredHeader: 'Stripe-Signature' });
    }
    expect(
      ROUTES.filter((rule) => rule.rateLimit === 'webhook' || rule.bodyLimit === 'webhook' || rule.requiredHeader).map((rule) => rule.prefix),
    ).toEqual(['/api/stripe/webhook', '/api/stripe/connect-webhook']);
  });
});

describe('isAdminPath', () => {
  it.each(['/api/admin/brands', '/api//admin/brands', '//api///admin//brands/3', '/api/%61dmin/brands', '/api/ADMIN/brands?x=1', '/api/admin'])(
    '%s is an admin path',
    (path) => expect(isAdminPath(path)).toBe(true),
  );
  it.each(['/api/brands', '/api/administrator', '/api/brands/admin', '/api/brands?x=/api/admin/'])('%s is not', (path) =>
    expect(isAdminPath(path)).toBe(false),
  );
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
