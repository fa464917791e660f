import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the /brands page used to work out by downloading the whole directory (issue 23): each brand's rank within
 * its category, and the directory's hashtags for the filter. Kept by DirectoryFigures (brands/directory-figures.ts),
 * refreshed within a second of a change that moves them; the list joins the rank, the filter reads the hashtags.
 * Tables of their own rather than columns on brands: a refresh rewrites many ranks at once, and on brands that
 * would take the row locks every vote needs.
 */
export class DirectoryFigures1795910400000 implements MigrationInterface {
  name = 'DirectoryFigures1795910400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table brand_category_ranks (
        brand_id int primary key references brands (id) on delete cascade,
        category_rank int not null check (category_rank > 0)
      )`);
    await queryRunner.query(`
      create table directory_hashtags (
        hashtag text primary key,
        brands int not null check (brands > 0)
      )`);
    await queryRunner.query(`create index directory_hashtags_most_used_idx on directory_hashtags (brands desc, hashtag)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table directory_hashtags`);
    await queryRunner.query(`drop table brand_category_ranks`);
  }
}
