import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bookings copy keeps the client's question and photos (`notes`, `photo_urls`) and when the copy first heard of
 * the booking (`copied_at`): a booking whose conversation cannot open at confirmation (a hunter not yet approved or
 * claimed) has its question put in the conversation when it opens later, in the order the bookings were made. Rows
 * copied before this have no question kept (their confirmations had no conversation to take it, nor anywhere to
 * keep it), and take their last change as the time they were copied.
 */
export class HeldBackQuestions1796100000000 implements MigrationInterface {
  name = 'HeldBackQuestions1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table bookings
        add column notes text,
        add column photo_urls text[] not null default '{}',
        add column copied_at timestamptz not null default now()`);
    await queryRunner.query(`update bookings set copied_at = updated_at`);
    await queryRunner.query(`create index bookings_hunter_id_idx on bookings (hunter_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index bookings_hunter_id_idx`);
    await queryRunner.query(`alter table bookings drop column copied_at, drop column photo_urls, drop column notes`);
  }
}
