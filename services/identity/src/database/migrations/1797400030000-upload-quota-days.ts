import { CREATE_UPLOAD_QUOTA_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: each member's uploads (avatars) counted per London day, for the daily allowance
 * (the platform's chargeUploadQuota; decision 0091).
 */
export class UploadQuotaDays1797400030000 implements MigrationInterface {
  name = 'UploadQuotaDays1797400030000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_UPLOAD_QUOTA_TABLE);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table upload_quota_days`);
  }
}
