import { EVENT_VERSIONS } from '@hunted/contracts';
import { ADD_BOOKING_COPIES_REVIEW_QUALIFIES } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 0090: a hunter review counts only for a paid session held, or a free one its hunter marked held.
 * - `booking_copies.review_qualifies`: bookings' word on it (`BookingOutcomeV1.reviewQualifies`), null until told.
 * - `hunter_reviews.qualifies`: whether the review counts in the rating and the count; null while undecided, which
 *   counts as no. A review written from now on is accepted only when it qualifies (true).
 * What can be decided here is decided here: a review of a session its hunter marked held qualifies whatever its price
 * (the demo's reviews among them, so the demo's ratings and 'Our top picks' stay). The others wait for bookings, who
 * alone knows the price: its migration 1797500050000 restates every live booking's outcome
 * (`bookings.booking.outcome-restated`), and the first restatement of a review's booking decides it, once.
 * Every hunter with reviews has their rating announced again, over the reviews that count now.
 */
export class ReviewsThatQualify1797500060000 implements MigrationInterface {
  name = 'ReviewsThatQualify1797500060000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(ADD_BOOKING_COPIES_REVIEW_QUALIFIES);
    await queryRunner.query(`alter table hunter_reviews add column qualifies boolean`);
    await queryRunner.query(
      `update booking_copies set review_qualifies = true
        where attendance = 'held' and status in ('confirmed', 'completed')`,
    );
    await queryRunner.query(
      `update hunter_reviews r set qualifies = true
         from booking_copies s
        where s.booking_id = r.booking_id and s.review_qualifies`,
    );
    // The same payload as HunterReviewsService's announcement (hunter-rating.ts: the mean to two decimals).
    await queryRunner.query(
      `insert into outbox (id, type, version, occurred_at, data)
       select gen_random_uuid(), 'reviews.hunter-rating.changed', $1, now(),
              jsonb_build_object('hunterId', t.hunter_id,
                                 'rating', case when t.count = 0 then null else round(t.sum * 100.0 / t.count) / 100 end,
                                 'reviewCount', t.count, 'ratingSum', t.sum)
         from (select hunter_id,
                      (count(*) filter (where qualifies and hidden_at is null))::int as count,
                      (coalesce(sum(rating) filter (where qualifies and hidden_at is null), 0))::int as sum
                 from hunter_reviews group by hunter_id) t
        order by t.hunter_id`,
      [EVENT_VERSIONS['reviews.hunter-rating.changed']],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The ratings announced stay announced; the next change of a hunter's reviews announces them again.
    await queryRunner.query(`alter table hunter_reviews drop column qualifies`);
    await queryRunner.query(`alter table booking_copies drop column review_qualifies`);
  }
}
