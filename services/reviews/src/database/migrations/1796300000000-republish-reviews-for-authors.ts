import { EVENT_VERSIONS } from '@hunted/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The style passport (issue 25) shows a member the brands they reviewed, from brands' copy of each review
 * (`brand_review_ratings`), which kept no author until then. Every review is published again as
 * `reviews.review.updated` (its current brand, author and rating) through the outbox, in order, so brands' copy
 * learns each author; brands takes the author from any event while its row has none and changes nothing else of a
 * newer row, so the re-publication is harmless to the ratings. One statement; nothing to undo (the events are sent).
 */
export class RepublishReviewsForAuthors1796300000000 implements MigrationInterface {
  name = 'RepublishReviewsForAuthors1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `insert into outbox (id, type, version, occurred_at, data)
       select gen_random_uuid(), 'reviews.review.updated', $1, now(),
              jsonb_build_object('reviewId', r.id, 'brandId', r.brand_id, 'userId', r.user_id, 'rating', r.rating)
         from reviews r
        order by r.id`,
      [EVENT_VERSIONS['reviews.review.updated']],
    );
  }

  async down(): Promise<void> {
    // Events once sent cannot be taken back; brands' copy keeps the authors it learnt.
  }
}
