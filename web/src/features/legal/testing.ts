import type { SiteSettings } from '@hunted/contracts';
import { json } from '@/testing/fetch-stub';

/** What the gateway answers a guest on a legal page: no session, and the operator its configuration names. */
export const legalPageCalls = {
  'GET /api/auth/user': () => json(401, { message: 'Unauthorized' }),
  'GET /api/site': () =>
    json(200, {
      operator: { name: 'Hunted Test Ltd', address: '9 Loom Yard, Leeds LS1 4AP', email: 'legal@hunted.test' },
    } satisfies SiteSettings),
};
