import { CREATE_DATA_EXPORT_FILES_TABLE, CREATE_DATA_EXPORT_FILES_USER_INDEX, DROP_DATA_EXPORT_FILES_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36, "Your data" (decision 0098): what the directory needs for export and erasure.
 *
 * - `data_export_files`: this service's stored parts of members' exports (the platform's table).
 * - `votes.user_id` and `votes.ip_address` may be null: a deleted member's votes stay as counts (the brand's total
 *   and today's ranking are counted from these rows and must not move) with neither; an IP address is cleared after
 *   VOTE_IP_RETENTION_DAYS by the retention job. The exclusion constraint `votes_once_per_24_hours` stays as it is:
 *   `user_id with =` is never true for a null, so anonymous rows conflict with nothing and every member's own
 *   once-a-day rule is unchanged.
 * - `votes_ip_kept_idx`: the votes that still hold an address, by age, for the retention job (a range scan that
 *   shrinks to the last 30 days' votes once the backlog is cleared).
 * - `brand_images_uploaded_by_idx`: a member's images, for their export and erasure.
 */
export class YourData1797900010000 implements MigrationInterface {
  name = 'YourData1797900010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_TABLE);
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_USER_INDEX);
    await queryRunner.query(`alter table votes alter column user_id drop not null, alter column ip_address drop not null`);
    await queryRunner.query(`create index votes_ip_kept_idx on votes (created_at) where ip_address is not null`);
    await queryRunner.query(
      `create index brand_images_uploaded_by_idx on brand_images (uploaded_by) where uploaded_by is not null`,
    );
  }

  /** Anonymous votes cannot go back under a not-null rule: they get a placeholder member and address that name nobody. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index brand_images_uploaded_by_idx`);
    await queryRunner.query(`drop index votes_ip_kept_idx`);
    await queryRunner.query(`update votes set ip_address = '' where ip_address is null`);
    await queryRunner.query(`update votes set user_id = 'former-member:' || id where user_id is null`);
    await queryRunner.query(`alter table votes alter column user_id set not null, alter column ip_address set not null`);
    await queryRunner.query(DROP_DATA_EXPORT_FILES_TABLE);
  }
}
