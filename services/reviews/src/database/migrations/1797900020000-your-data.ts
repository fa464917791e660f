import { CREATE_DATA_EXPORT_FILES_TABLE, CREATE_DATA_EXPORT_FILES_USER_INDEX, DROP_DATA_EXPORT_FILES_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36, "Your data" (decision 0098): a deleted member's brand reviews, comments and reviews of hunters stay for the
 * community as 'Former member' (their text and rating unchanged, so no brand's or hunter's rating moves), so the
 * columns naming their author may be null; so may a report's reporter (the report stays in the admin's queue) and
 * the booking copy's client of a session whose review is kept (the review shows its session). Unique keys over
 * these columns treat nulls as distinct: a former member's review blocks nobody's.
 *
 * - `data_export_files`: this service's stored parts of members' exports (the platform's table).
 * - Indexes for a member's rows, read by their export and erasure.
 */
export class YourData1797900020000 implements MigrationInterface {
  name = 'YourData1797900020000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_TABLE);
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_USER_INDEX);
    await queryRunner.query(`alter table reviews alter column user_id drop not null`);
    await queryRunner.query(`alter table comments alter column user_id drop not null`);
    await queryRunner.query(`alter table hunter_reviews alter column client_user_id drop not null`);
    await queryRunner.query(`alter table hunter_review_reports alter column reporter_user_id drop not null`);
    await queryRunner.query(`alter table booking_copies alter column client_user_id drop not null`);
    await queryRunner.query(`create index reviews_user_idx on reviews (user_id)`);
    await queryRunner.query(`create index comments_user_idx on comments (user_id)`);
    await queryRunner.query(`create index hunter_review_reports_reporter_idx on hunter_review_reports (reporter_user_id)`);
    await queryRunner.query(`create index booking_copies_client_user_idx on booking_copies (client_user_id)`);
  }

  /** Former members' rows cannot go back under a not-null rule: they get a placeholder that names nobody. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index booking_copies_client_user_idx`);
    await queryRunner.query(`drop index hunter_review_reports_reporter_idx`);
    await queryRunner.query(`drop index comments_user_idx`);
    await queryRunner.query(`drop index reviews_user_idx`);
    await queryRunner.query(`update booking_copies set client_user_id = 'former-member' where client_user_id is null`);
    await queryRunner.query(`update hunter_review_reports set reporter_user_id = 'former-member:' || id where reporter_user_id is null`);
    await queryRunner.query(`update hunter_reviews set client_user_id = 'former-member' where client_user_id is null`);
    await queryRunner.query(`update comments set user_id = 'former-member' where user_id is null`);
    await queryRunner.query(`update reviews set user_id = 'former-member:' || id where user_id is null`);
    await queryRunner.query(`alter table booking_copies alter column client_user_id set not null`);
    await queryRunner.query(`alter table hunter_review_reports alter column reporter_user_id set not null`);
    await queryRunner.query(`alter table hunter_reviews alter column client_user_id set not null`);
    await queryRunner.query(`alter table comments alter column user_id set not null`);
    await queryRunner.query(`alter table reviews alter column user_id set not null`);
    await queryRunner.query(DROP_DATA_EXPORT_FILES_TABLE);
  }
}
