import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37 item 9: a brand review an admin hid leaves the brand's rating (reviews.review.visibility-changed).
 *
 * - `brand_review_ratings.hidden`, with `visibility_at` the time of the newest visibility event applied (null:
 *   none yet), so a late or reordered one never undoes a newer state. It is kept apart from `occurred_at` (the
 *   rating's own order): a rating update neither hides nor shows a review, and a hide does not make an older update
 *   look newer.
 * - A visibility event may arrive before the review's created: the row then holds only the visibility, with no
 *   rating yet and `occurred_at` '-infinity' (any rating event is newer). The check allows exactly that row.
 */
export class ReviewVisibility1798000010100 implements MigrationInterface {
  name = 'ReviewVisibility1798000010100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table brand_review_ratings
        add column hidden boolean not null default false,
        add column visibility_at timestamptz`);
    await queryRunner.query(`alter table brand_review_ratings drop constraint brand_review_ratings_rated`);
    await queryRunner.query(`
      alter table brand_review_ratings add constraint brand_review_ratings_rated
        check (deleted or rating is not null or occurred_at = '-infinity')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`delete from brand_review_ratings where rating is null and not deleted`);
    await queryRunner.query(`alter table brand_review_ratings drop constraint brand_review_ratings_rated`);
    await queryRunner.query(`alter table brand_review_ratings add constraint brand_review_ratings_rated check (deleted or rating is not null)`);
    await queryRunner.query(`alter table brand_review_ratings drop column visibility_at, drop column hidden`);
  }
}
