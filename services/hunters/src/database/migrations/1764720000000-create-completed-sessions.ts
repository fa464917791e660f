import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bookings each hunter's `total_sessions` counts (bookings.booking.completed): one row per booking, so a
 * completion counts once however often it arrives, even under another event id (the inbox only dedupes ids).
 */
export class CreateCompletedSessions1764720000000 implements MigrationInterface {
  name = 'CreateCompletedSessions1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunter_completed_sessions (
        booking_id text primary key,
        hunter_id integer not null references hunters (id) on delete cascade,
        completed_at timestamptz not null
      )`);
    await queryRunner.query(`create index hunter_completed_sessions_hunter_idx on hunter_completed_sessions (hunter_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_completed_sessions`);
  }
}
