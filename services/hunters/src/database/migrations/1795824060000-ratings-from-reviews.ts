import type { MigrationInterface, QueryRunner } from 'typeorm';

const TOP_PICKS_INDEX =
  'create index hunters_top_picks_idx on hunters (featured desc, top_pick_score desc nulls last, review_count desc, total_sessions desc, id) where status = \'approved\'';

/**
 * Ratings come from reviews (issue 22): reviews.hunter-rating.changed carries each hunter's average, count and sum
 * of stars, copied here as they are. Until then nothing wrote them, so what the table holds is invented (the old
 * default 5 and the demo's numbers): every hunter starts again at no rating, no reviews, and gets its own from the
 * events. `rating_updated_at` is the time of the event applied last, so an older one arriving late changes nothing.
 *
 * 'Our top picks' (`top_pick_score`, the damped average of HUNTER_RANKING_PRIOR: mean 4.0, weight 5) now reads the
 * exact sum of stars rather than the rounded average times the count.
 */
export class RatingsFromReviews1795824060000 implements MigrationInterface {
  name = 'RatingsFromReviews1795824060000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Dropping the generated column drops the index that sorts on it.
    await queryRunner.query(`alter table hunters drop column top_pick_score`);
    await queryRunner.query(`
      alter table hunters
        alter column rating drop not null,
        alter column rating drop default,
        add column rating_sum integer not null default 0,
        add column rating_updated_at timestamptz`);
    await queryRunner.query(`update hunters set rating = null, review_count = 0`);
    await queryRunner.query(`
      alter table hunters
        add constraint hunters_rating_check check (rating between 1 and 5),
        add constraint hunters_review_count_check check (review_count >= 0),
        add constraint hunters_rating_sum_check check (rating_sum between review_count and 5 * review_count),
        add column top_pick_score numeric generated always as (
          case when review_count > 0 then round((4.0 * 5 + rating_sum) / (5 + review_count), 6) end
        ) stored`);
    await queryRunner.query(TOP_PICKS_INDEX);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunters drop column top_pick_score`);
    await queryRunner.query(`
      alter table hunters
        drop constraint hunters_rating_sum_check,
        drop constraint hunters_review_count_check,
        drop constraint hunters_rating_check,
        drop column rating_updated_at,
        drop column rating_sum`);
    await queryRunner.query(`update hunters set rating = 5 where rating is null`);
    await queryRunner.query(`
      alter table hunters
        alter column rating set default 5,
        alter column rating set not null,
        add column top_pick_score numeric generated always as (
          case when review_count > 0 then round((4.0 * 5 + rating * review_count) / (5 + review_count), 6) end
        ) stored`);
    await queryRunner.query(TOP_PICKS_INDEX);
  }
}
