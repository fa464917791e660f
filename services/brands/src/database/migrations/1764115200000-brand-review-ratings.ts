import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The brands service's copy of each review's overall rating, fed by reviews.review.* events, from which
 * `brands.rating` and `brands.rating_count` are recomputed (see src/ratings).
 *
 * - `occurred_at` is the time of the last event applied to the row, so an older update arriving late is ignored.
 * - `deleted` is a tombstone: a review id is never reused, so once deleted a review stays uncounted even if its
 *   created or updated event arrives after the deletion.
 * - Rows go with their brand (cascade), like votes and saves.
 */
export class BrandReviewRatings1764115200000 implements MigrationInterface {
  name = 'BrandReviewRatings1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table brand_review_ratings (
        review_id integer primary key,
        brand_id integer not null references brands (id) on delete cascade,
        rating smallint constraint brand_review_ratings_rating_range check (rating between 1 and 5),
        occurred_at timestamptz not null,
        deleted boolean not null default false,
        constraint brand_review_ratings_rated check (deleted or rating is not null)
      )`);
    await queryRunner.query(`create index brand_review_ratings_brand_idx on brand_review_ratings (brand_id) where not deleted`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table brand_review_ratings`);
  }
}
