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
 * The rule of hunters' tables (issue 20: no SQL on a table outside its repository): each table of its schema, as its
 * migrations create it, has its owner, and SQL on it (insert, update, delete, select from, join) sits there and
 * nowhere else in `services/hunters/src`, save the reads listed with their reason. Migrations and tests are left out.
 * the platform's `UserCopies` (libs/platform/src/users) owns the `users` copy and writes it; no SQL of the service names it.
 * The checker is the platform's (`tableBreaches`, libs/platform/src/testing/table-owners.ts).
 */

const SRC = fileURLToPath(new URL('.', import.meta.url));

/** The data export (issue 36) reads every table naming a member, in one snapshot, to put each record in the archive. */
const EXPORT = { file: 'your-data/hunters-data-export.ts', why: "a member's data export reads every record of theirs, all columns, in one snapshot" };

const TABLES: TableOwnership[] = [
  // The platform's upload ledger (libs/platform/src/media/upload-quota.ts): chargeUploadQuota and pruneUploadQuotaDays
  // write it; no SQL of the service names it (decision 0091).
  { table: 'upload_quota_days', owners: [], readers: [EXPORT] },
  // The platform's stored export parts (libs/platform/src/rights, decision 0098): DataExportParts writes and reads it.
  { table: 'data_export_files', owners: [] },
  {
    table: 'hunters',
    owners: ['store/hunter.repository.ts'],
    readers: [
      EXPORT,
      {
        file: 'store/hunter-sql.ts',
        why: "the listing's statements, kept pure so the bench can EXPLAIN them; only HunterRepository runs them",
      },
      { file: 'picks/hunter-pick.repository.ts', why: "the day's hunter's name, photo and approval, joined to the pick and the rota" },
      {
        file: 'edits/hunter-edit.repository.ts',
        why: "an edit shows its hunter's name and picture (joined, so a rename shows at once), and is public only while its hunter is approved",
      },
      { file: 'store/hunter-photos.ts', why: "an edit photo is public only while its hunter is approved, and is the hunter's own; a profile's photo is attached: the prune of unattached uploads keeps it" },
    ],
  },
  { table: 'hunter_pick_rota', owners: ['picks/hunter-pick.repository.ts'], readers: [EXPORT] },
  { table: 'hunter_picks', owners: ['picks/hunter-pick.repository.ts'], readers: [EXPORT] },
  { table: 'hunter_completed_sessions', owners: ['store/hunter.repository.ts'] },
  { table: 'hunter_vetting_decisions', owners: ['store/hunter-decision.repository.ts'], readers: [EXPORT] },
  {
    table: 'hunter_profile_revisions',
    owners: ['store/hunter-revision.repository.ts'],
    readers: [
      EXPORT,
      {
        file: 'store/hunter.repository.ts',
        why: "the admin queue of changes: the hunters with a pending revision, joined to order them by the oldest change",
      },
      { file: 'store/hunter-photos.ts', why: "a pending revision's photo is attached: the prune of unattached uploads keeps it" },
    ],
  },
  { table: 'hunter_photos', owners: ['store/hunter-photos.ts'], readers: [EXPORT] },
  // Private: no read of a profile joins it (the listing, a hunter's page and the sitemap read `hunters` alone).
  { table: 'hunter_joining_details', owners: ['joining/joining-details.repository.ts'], readers: [EXPORT] },
  { table: 'hunter_availability', owners: ['availability/availability.repository.ts'], readers: [EXPORT] },
  { table: 'hunter_weekly_hours', owners: ['availability/availability.repository.ts'], readers: [EXPORT] },
  // Issue 25. Hunter Edits: one owner for an edit and its items. The sessions they are sent for are the platform's
  // shared booking copy (decision 0085): BookingCopies writes and reads it, nothing here.
  // The brands each hunter knows: hunter-sql.ts reads go-to brands and edits for the listing's `brand` and `valueTag`.
  { table: 'booking_copies', owners: [], readers: [EXPORT] },
  // The listing's reference rates (decision 0105): written at start from configuration; the trigger and
  // HunterRepository's re-placing read them.
  {
    table: 'reference_rates',
    owners: ['store/reference-rates.ts'],
    readers: [{ file: 'store/hunter.repository.ts', why: 'the hunters whose rate changed are re-placed in the price bands' }],
  },
  {
    table: 'hunter_edits',
    owners: ['edits/hunter-edit.repository.ts'],
    readers: [
      EXPORT,
      { file: 'store/hunter-sql.ts', why: "a brand named in a hunter's published edit is a brand the hunter knows (`brand`)" },
      { file: 'store/hunter-photos.ts', why: "an edit photo is served under its edit's rule: its hunter and client, or everyone once published" },
    ],
  },
  {
    table: 'hunter_edit_items',
    owners: ['edits/hunter-edit.repository.ts'],
    readers: [
      EXPORT,
      { file: 'store/hunter-sql.ts', why: "a brand named in a hunter's published edit is a brand the hunter knows (`brand`)" },
      { file: 'store/hunter-photos.ts', why: "the edits showing a photo, found by its URL on every request; an item's photo is attached: the prune of unattached uploads keeps it" },
    ],
  },
  {
    table: 'brand_copies',
    owners: ['store/brand-copies.ts'],
    readers: [
      EXPORT,
      { file: 'known-brands/go-to-brands.repository.ts', why: "a hunter's go-to brands are read with their names and images in one statement" },
      {
        file: 'edits/hunter-edit.repository.ts',
        why: "an edit names only the directory's brands, keeps each one's name, and links it while the copy has it",
      },
      { file: 'picks/hunter-pick.repository.ts', why: 'the picked brand must be in the directory: its name and image' },
      { file: 'store/hunter-sql.ts', why: "nobody knows a hidden brand: the listing's `brand` keeps no hunter for one" },
    ],
  },
  {
    table: 'hunter_go_to_brands',
    owners: ['known-brands/go-to-brands.repository.ts'],
    readers: [
      EXPORT,{ file: 'store/hunter-sql.ts', why: "the listing's `brand` keeps the hunters who know a brand" }],
  },
  {
    table: 'users',
    owners: [],
    readers: [
      EXPORT,
      {
        file: 'edits/hunter-edit.repository.ts',
        why: "the hunter's list of sent edits names each client, joined so a rename shows at once",
      },
      { file: 'store/hunter-photos.ts', why: "a profile photo may be the caller's own avatar, as identity last said it is" },
    ],
  },
  ...PLATFORM_EVENT_TABLES,
];

describe("hunters' tables and their owners", () => {
  it('finds SQL on each table only in its owner', () => {
    expect(tableBreaches(SRC, TABLES).map(describeBreach)).toEqual([]);
  });

  it('each owner does hold SQL on its table', () => {
    expect(ownersWithoutTheirTable(SRC, TABLES)).toEqual([]);
  });

  it('catches a stray statement on a table outside its owner', () => {
    expect(tableBreachesIn('x.ts', '`select *\n  from hunter_photos where true`', TABLES).map(describeBreach)).toEqual([
      'x.ts:2 reads hunter_photos',
    ]);
    expect(tableBreachesIn('x.ts', '`insert into outbox (id) values ($1)`', TABLES).map(describeBreach)).toEqual([
      'x.ts:1 writes outbox',
    ]);
  });
});
