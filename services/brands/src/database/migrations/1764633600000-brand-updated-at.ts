import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a brand's page last changed by an edit (admin or CSV), for the sitemap's `lastmod`. Null until the first
 * edit, so a brand never edited reads its `created_at` (demo brands keep their back-dated one) and no existing row
 * has to be rewritten.
 */
export class BrandUpdatedAt1764633600000 implements MigrationInterface {
  name = 'BrandUpdatedAt1764633600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table brands add column updated_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table brands drop column updated_at`);
  }
}
