import type { HunterEarnings } from '@hunted/contracts';
import { anOwnHunter, signedIn } from '@/testing/data-generators';
import { json } from '@/testing/fetch-stub';
import { taxYearAt } from '@/features/bookings/lib/tax-year';

/** The reads of a signed-in hunter's dashboard (Sofia's, nothing booked yet), for the dashboard's test files. */
export const sofia = anOwnHunter({
  id: 7,
  name: 'Sofia Marin',
  rating: 4.25,
  reviewCount: 17,
  availabilityStatus: 'Busy',
});
export const thisTaxYear = taxYearAt(Date.now());
export const noEarnings: HunterEarnings = {
  taxYear: thisTaxYear,
  from: `${thisTaxYear}-04-06`,
  to: `${thisTaxYear + 1}-04-05`,
  currency: 'GBP',
  totals: { grossPence: 0, feePence: 0, refundedPence: 0, netPence: 0 },
  totalsByCurrency: [],
  bookings: [],
  payouts: [],
};
export const withProfile = {
  ...signedIn,
  'GET /api/hunter-profile': () => json(200, sofia),
  [`GET /api/hunter-earnings?taxYear=${thisTaxYear}`]: () => json(200, noEarnings),
  'GET /api/hunter-availability/weekly': () =>
    json(200, { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }),
  'GET /api/hunter-bookings?limit=100&offset=0': () => json(200, []),
  'GET /api/hunter-conversations': () => json(200, []),
  'GET /api/hunter-profile/joining-details': () =>
    json(200, {
      whatsappVoice: { phone: '+447700900123' },
      whatsappVideo: { phone: '+447700900123' },
      inPerson: { area: null, address: null },
    }),
  'GET /api/hunter-picks/mine': () => json(200, { day: '2026-11-27', isMyDay: false, pick: null }),
};
