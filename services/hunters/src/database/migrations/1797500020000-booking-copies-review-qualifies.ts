import { ADD_BOOKING_COPIES_REVIEW_QUALIFIES } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 0090: the platform's booking copy keeps bookings' word on whether a review of the session counts
 * (`BookingOutcomeV1.reviewQualifies`); the shared code writes and reads it in every service keeping a copy, this one
 * too. Null until an event says it (the restatement bookings publishes once, or the booking's next event).
 */
export class BookingCopiesReviewQualifies1797500020000 implements MigrationInterface {
  name = 'BookingCopiesReviewQualifies1797500020000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(ADD_BOOKING_COPIES_REVIEW_QUALIFIES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table booking_copies drop column review_qualifies`);
  }
}
