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
 * The rule of brands' tables (issue 20: no SQL on a table outside its repository): each table of its schema, as its
 * migrations create it, has its owner, and SQL on it (insert, update, delete, select from, join) sits there and
 * nowhere else in `services/brands/src`, save the reads listed with their reason. Migrations and tests are left out.
 * The checker is the platform's (`tableBreaches`, libs/platform/src/testing/table-owners.ts).
 */

const SRC = fileURLToPath(new URL('.', import.meta.url));

const TABLES: TableOwnership[] = [
  {
    table: 'brands',
    owners: ['brands/brand.repository.ts'],
    readers: [
      {
        file: 'brands/directory-figures.ts',
        why: 'ranks every brand within its category and counts the hashtags, one statement each, over the whole directory',
      },
      {
        file: 'images/brand-images.ts',
        why: 'the prune keeps every stored image a brand shows, by its image URL, in one statement',
      },
    ],
  },
  {
    table: 'brand_category_ranks',
    owners: ['brands/directory-figures.ts'],
    readers: [{ file: 'brands/brand.repository.ts', why: "the list joins each brand's rank to its page" }],
  },
  { table: 'directory_hashtags', owners: ['brands/directory-figures.ts'] },
  // Kept by triggers on brands (its migration); read for the place-only counts of the listing.
  { table: 'brand_counts', owners: ['brands/brand.repository.ts'] },
  { table: 'brand_daily_votes', owners: ['brands/brand.repository.ts'] },
  {
    table: 'votes',
    owners: ['votes/votes.service.ts'],
    readers: [
      {
        file: 'brands/brand.repository.ts',
        why: "recountAllVotes rebuilds brands' vote counts and brand_daily_votes from the votes in one statement each",
      },
    ],
  },
  { table: 'saved_brands', owners: ['saves/saves.service.ts'] },
  // The platform's moderation kit (libs/platform/src/moderation, decision 0101): its ModerationStore owns them; no SQL
  // of the service names them.
  { table: 'content_reports', owners: [] },
  { table: 'moderation_cases', owners: [] },
  { table: 'moderation_decisions', owners: [] },
  { table: 'brand_review_ratings', owners: ['ratings/brand-ratings.service.ts'] },
  // The style passport (issue 25): bookings' grants copied from its events, and each member's filter habits.
  // The platform's shared copy of bookings' bookings and outcomes (decision 0085): BookingCopies writes and reads it.
  { table: 'booking_copies', owners: [] },
  { table: 'member_filter_uses', owners: ['passport/filter-habits.ts'] },
  // Brand images (decision 0093): the stored images and the queue of links still to fetch; the daily allowance's
  // ledger is written by the platform's chargeUploadQuota.
  { table: 'brand_images', owners: ['images/brand-images.ts'] },
  { table: 'brand_image_fetches', owners: ['images/brand-images.ts'] },
  { table: 'upload_quota_days', owners: [] },
  ...PLATFORM_EVENT_TABLES,
];

describe("brands' tables and their owners", () => {
  it('finds SQL on each table only in its owner', () => {
    expect(tableBreaches(SRC, TABLES).map(describeBreach)).toEqual([]);
  });

  it('each owner does hold SQL on its table', () => {
    expect(ownersWithoutTheirTable(SRC, TABLES)).toEqual([]);
  });

  it('catches a stray statement on a table outside its owner', () => {
    expect(tableBreachesIn('x.ts', '`select *\n  from saved_brands where true`', TABLES).map(describeBreach)).toEqual([
      'x.ts:2 reads saved_brands',
    ]);
    expect(tableBreachesIn('x.ts', '`insert into outbox (id) values ($1)`', TABLES).map(describeBreach)).toEqual([
      'x.ts:1 writes outbox',
    ]);
  });
});
