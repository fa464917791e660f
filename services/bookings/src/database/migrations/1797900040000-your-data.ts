import { CREATE_DATA_EXPORT_FILES_TABLE, CREATE_DATA_EXPORT_FILES_USER_INDEX, DROP_DATA_EXPORT_FILES_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36, "Your data, your say" (services/bookings/README.md, "## Your data"):
 * - `data_export_files`: bookings' stored parts of members' exports (the platform's RightsModule);
 * - `closing_members`: members bookings cleared for deletion (`bookings.user-deletion.cleared`); from then on no new
 *   hold or free booking by them, or of their hunter profile, is taken; the erasure removes the row;
 * - `hunter_bookings.erased_at` and `keep_until`: a paid booking of an erased member is kept, its personal fields
 *   removed, until `keep_until` (six years after the end of the UK tax year of its session, HMRC's record keeping),
 *   then deleted by the retention job;
 * - `payout_account_closures`: connected accounts of erased hunters still to delete at Stripe (`accounts.del`), asked
 *   after the erasure's commit by a job, never inside the transaction.
 */
export class YourData1797900040000 implements MigrationInterface {
  name = 'YourData1797900040000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_TABLE);
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_USER_INDEX);
    await queryRunner.query(`
      create table closing_members (
        user_id text primary key,
        deletion_id uuid not null,
        at timestamptz not null default now()
      )`);
    await queryRunner.query(`
      alter table hunter_bookings
        add column erased_at timestamptz,
        add column keep_until date,
        add constraint hunter_bookings_kept_until check ((erased_at is null) = (keep_until is null))`);
    await queryRunner.query(
      `create index hunter_bookings_keep_until_idx on hunter_bookings (keep_until) where keep_until is not null`,
    );
    await queryRunner.query(`
      create table payout_account_closures (
        account_id text primary key,
        mode text not null check (mode in ('simulated', 'stripe')),
        requested_at timestamptz not null default now(),
        closed_at timestamptz,
        attempts int not null default 0 check (attempts >= 0),
        last_error text
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table payout_account_closures`);
    await queryRunner.query(`drop index hunter_bookings_keep_until_idx`);
    await queryRunner.query(`
      alter table hunter_bookings drop constraint hunter_bookings_kept_until, drop column keep_until,
        drop column erased_at`);
    await queryRunner.query(`drop table closing_members`);
    await queryRunner.query(DROP_DATA_EXPORT_FILES_TABLE);
  }
}
