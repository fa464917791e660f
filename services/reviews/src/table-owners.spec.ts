import { fileURLToPath } from 'node:url';
import {
  describeBreach,
  ownersWithoutTheirTable,
  PLATFORM_EVENT_TABLES,
  tableBreaches,
  tableBreachesIn,
  type TableOwnership,
} from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';

/**
 * The rule of reviews' tables (issue 20: no SQL on a table outside its repository): each table of its schema, as its
 * migrations create it, has its owner, and SQL on it (insert, update, delete, select from, join) sits there and
 * nowhere else in `services/reviews/src`, save the reads listed with their reason. Migrations and tests are left out.
 * the platform's `UserCopies` (libs/platform/src/users) owns the `users` copy and writes it, `BookingCopies`
 * (libs/platform/src/bookings) the `booking_copies`; a review's and a comment's author name is joined from it at read time.
 * The checker is the platform's (`tableBreaches`, libs/platform/src/testing/table-owners.ts).
 */

const SRC = fileURLToPath(new URL('.', import.meta.url));

const TABLES: TableOwnership[] = [
  // The platform's upload ledger (libs/platform/src/media/upload-quota.ts): chargeUploadQuota and pruneUploadQuotaDays
  // write it; no SQL of the service names it (decision 0091).
  { table: 'upload_quota_days', owners: [] },
  { table: 'reviews', owners: ['reviews/reviews.service.ts'] },
  { table: 'review_photos', owners: ['reviews/reviews.service.ts'] },
  { table: 'comments', owners: ['comments/comments.service.ts'] },
  // The copy of brands' brands, kept from its events.
  { table: 'brands', owners: ['brands/brand-copies.ts'] },
  // The copy of hunters' vetting statuses, kept from its events (decision 0096).
  { table: 'hunter_statuses', owners: ['hunters/hunter-statuses.ts'] },
  { table: 'hunter_reviews', owners: ['hunter-reviews/hunter-reviews.repository.ts'] },
  // The platform's moderation kit (libs/platform/src/moderation, decision 0101): its ModerationStore owns them; no SQL
  // of the service names them.
  { table: 'content_reports', owners: [] },
  { table: 'moderation_cases', owners: [] },
  { table: 'moderation_decisions', owners: [] },
  // The platform's shared copy of bookings' bookings and outcomes (decision 0085): BookingCopies writes it, from
  // bookings' events and for the demo seeder.
  {
    table: 'booking_copies',
    owners: [],
    readers: [
      {
        file: 'hunter-reviews/hunter-reviews.repository.ts',
        why: "a review shows its session's type and time, and is received by the session's hunter member",
      },
    ],
  },
  {
    table: 'users',
    owners: [],
    readers: [
      {
        file: 'reviews/reviews.service.ts',
        why: "a review carries its author's name, joined so a rename shows at once",
      },
      {
        file: 'comments/comments.service.ts',
        why: "a comment carries its author's name, joined so a rename shows at once",
      },
      {
        file: 'hunter-reviews/hunter-reviews.repository.ts',
        why: "a review of a hunter carries its reviewer's name, joined so a rename shows at once",
      },
    ],
  },
  ...PLATFORM_EVENT_TABLES,
];

describe("reviews' tables and their owners", () => {
  it('finds SQL on each table only in its owner', () => {
    expect(tableBreaches(SRC, TABLES).map(describeBreach)).toEqual([]);
  });

  it('each owner does hold SQL on its table', () => {
    expect(ownersWithoutTheirTable(SRC, TABLES)).toEqual([]);
  });

  it('catches a stray statement on a table outside its owner', () => {
    expect(tableBreachesIn('x.ts', '`select *\n  from review_photos where true`', TABLES).map(describeBreach)).toEqual([
      'x.ts:2 reads review_photos',
    ]);
    expect(tableBreachesIn('x.ts', '`insert into outbox (id) values ($1)`', TABLES).map(describeBreach)).toEqual([
      'x.ts:1 writes outbox',
    ]);
  });
});
