import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The listing's "Speaks" filter (issue 39, item 7) reads `languages @> array[$1]`: a GIN index on it, kept to
 * approved hunters like the listing's other list filters (specialties, advice types).
 */
export class HunterLanguagesIndex1798000170000 implements MigrationInterface {
  name = 'HunterLanguagesIndex1798000170000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`create index hunters_languages_idx on hunters using gin (languages) where status = 'approved'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index hunters_languages_idx`);
  }
}
