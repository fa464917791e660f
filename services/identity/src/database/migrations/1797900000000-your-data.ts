import {
  CREATE_DATA_EXPORT_FILES_TABLE,
  CREATE_DATA_EXPORT_FILES_USER_INDEX,
  DROP_DATA_EXPORT_FILES_TABLE,
} from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36 (decision 0098): identity's ledgers of the two people's-rights sagas it starts — each export and which
 * services have stored their part, each account deletion and which services have erased what they hold — and its
 * own stored part of an export (the platform's `data_export_files`). No foreign key to `users`: a deletion outlives
 * the row it deletes, and an export's rows go with it in the same transaction.
 */
export class YourData1797900000000 implements MigrationInterface {
  name = 'YourData1797900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table data_exports (
        id uuid primary key,
        user_id text not null,
        status text not null default 'assembling' check (status in ('assembling', 'ready', 'expired')),
        requested_at timestamptz not null default now(),
        ready_at timestamptz,
        expires_at timestamptz,
        check (status <> 'ready' or (ready_at is not null and expires_at is not null))
      )`);
    // One export being assembled per member: a second request while one runs is answered with that one.
    await queryRunner.query(
      `create unique index data_exports_one_assembling_idx on data_exports (user_id) where status = 'assembling'`,
    );
    await queryRunner.query(`create index data_exports_user_requested_idx on data_exports (user_id, requested_at desc)`);
    await queryRunner.query(`create index data_exports_ready_expiry_idx on data_exports (expires_at) where status = 'ready'`);
    await queryRunner.query(`
      create table data_export_part_reports (
        export_id uuid not null references data_exports (id) on delete cascade,
        service text not null,
        files integer not null check (files >= 0),
        bytes bigint not null check (bytes >= 0),
        reported_at timestamptz not null default now(),
        primary key (export_id, service)
      )`);
    await queryRunner.query(`
      create table account_deletions (
        id uuid primary key,
        user_id text not null,
        status text not null default 'checking' check (status in ('checking', 'refused', 'erasing', 'done')),
        requested_at timestamptz not null default now(),
        decided_at timestamptz,
        blockers jsonb not null default '[]'::jsonb,
        completed_at timestamptz,
        retries integer not null default 0 check (retries >= 0)
      )`);
    // One deletion under way per member: a second request while one runs is the same deletion.
    await queryRunner.query(
      `create unique index account_deletions_one_running_idx on account_deletions (user_id) where status in ('checking', 'erasing')`,
    );
    await queryRunner.query(`create index account_deletions_user_requested_idx on account_deletions (user_id, requested_at desc)`);
    await queryRunner.query(`create index account_deletions_requested_idx on account_deletions (requested_at desc, id desc)`);
    await queryRunner.query(`
      create table account_deletion_services (
        deletion_id uuid not null references account_deletions (id) on delete cascade,
        service text not null,
        erased_at timestamptz,
        primary key (deletion_id, service)
      )`);
    // A member's sessions are listed for their archive and all ended at their account's deletion.
    await queryRunner.query(`create index sessions_user_id_idx on sessions ((sess->>'userId'))`);
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_TABLE);
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_USER_INDEX);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(DROP_DATA_EXPORT_FILES_TABLE);
    await queryRunner.query(`drop index sessions_user_id_idx`);
    await queryRunner.query(`drop table account_deletion_services`);
    await queryRunner.query(`drop table account_deletions`);
    await queryRunner.query(`drop table data_export_part_reports`);
    await queryRunner.query(`drop table data_exports`);
  }
}
