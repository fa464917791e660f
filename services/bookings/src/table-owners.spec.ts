import { fileURLToPath } from 'node:url';
import { describeBreach, tableBreaches, tableBreachesIn, type TableOwnership } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';

/**
 * The rule that keeps each of bookings' tables with its one owner: no write of `hunter_bookings` outside
 * `BookingRepository`, the state machine (its reads beside it: the store's BookingQueries and the pages'
 * BookingViews), and no write of `booking_refunds` outside `BookingRefundsRepository` (anyone may read it). Migrations create and fill the tables and are left out; tests may
 * do as they like. The checker is the platform's (`tableBreaches`, libs/platform/src/testing/table-owners.ts).
 */

const SRC = fileURLToPath(new URL('.', import.meta.url));

const TABLES: TableOwnership[] = [
  // The platform's upload ledger (libs/platform/src/media/upload-quota.ts): chargeUploadQuota and pruneUploadQuotaDays
  // write it; no SQL of the service names it (decision 0091).
  { table: 'upload_quota_days', owners: [] },
  {
    table: 'hunter_bookings',
    owners: ['store/booking.repository.ts'],
    readers: [
      { file: 'store/booking-queries.ts', why: 'the busy times, the limits\' counts and the sweeps\' due rows' },
      { file: 'views/booking-views.ts', why: 'the pages\' reads of bookings' },
    ],
  },
  { table: 'booking_refunds', owners: ['store/booking-refunds.repository.ts'], readers: 'anywhere' },
  { table: 'hunter_payout_accounts', owners: ['store/payout-accounts.repository.ts'] },
  { table: 'hunter_payouts', owners: ['store/hunter-payouts.repository.ts'] },
  // Issue 36: the members cleared for deletion, and the connected accounts of erased hunters still to delete at Stripe.
  { table: 'closing_members', owners: ['store/closing-members.repository.ts'] },
  { table: 'payout_account_closures', owners: ['store/payout-accounts.repository.ts'] },
  {
    table: 'booking_photos',
    owners: ['photos/booking-photos.repository.ts'],
    readers: [{ file: 'store/booking-rows.ts', why: 'every booking row carries its photos\' URLs' }],
  },
  {
    table: 'hunter_joining_details',
    owners: ['hunters/hunter-copies.ts'],
    readers: [{ file: 'views/booking-views.ts', why: 'the client\'s booking rows carry how to join' }],
  },
];

describe("bookings' tables have one owner each", () => {
  it('finds no SQL on hunter_bookings, hunter_payout_accounts or hunter_payouts outside their repositories, and no write of booking_refunds outside its own', () => {
    expect(tableBreaches(SRC, TABLES).map(describeBreach)).toEqual([]);
  });

  it('sees a statement on the table wherever it is written', () => {
    expect(
      tableBreachesIn('x.ts', '`select id\n   from hunter_bookings b where id = $1`', TABLES).map(describeBreach),
    ).toEqual(['x.ts:2 reads hunter_bookings']);
    expect(
      tableBreachesIn('x.ts', '`insert into booking_refunds (id) values ($1)`', TABLES).map(describeBreach),
    ).toEqual(['x.ts:1 writes booking_refunds']);
    expect(tableBreachesIn('x.ts', '`select sum(amount_pence) from booking_refunds`', TABLES)).toEqual([]);
  });
});
