import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How often and when a booking was last moved: a move is refused beyond `RESCHEDULES_PER_BOOKING_MAX` and within
 * `RESCHEDULE_COOLDOWN_MINUTES` of the last one, both read in the UPDATE that moves it. Also an index for the
 * holds a member started in the last 24 hours (the daily hold budget).
 */
export class AddBookingRescheduleLimits1795651200000 implements MigrationInterface {
  name = 'AddBookingRescheduleLimits1795651200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table hunter_bookings
        add column reschedule_count integer not null default 0 check (reschedule_count >= 0),
        add column rescheduled_at timestamptz`);
    await queryRunner.query(
      `create index hunter_bookings_client_created_idx on hunter_bookings (client_user_id, created_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index hunter_bookings_client_created_idx`);
    await queryRunner.query(`alter table hunter_bookings drop column rescheduled_at, drop column reschedule_count`);
  }
}
