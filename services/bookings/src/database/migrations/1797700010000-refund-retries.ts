import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A refund request that keeps failing (decision 0094): the booking's refund (`refund_pence` owed, no `refund_id`
 * yet) keeps how often asking the processor failed (`refund_attempts`), when to ask next (`refund_next_try_at`,
 * exponential backoff with a cap), the last error, and when it raised its alert (`refund_alerted_at`, after
 * `REFUND_ALERT_AFTER_ATTEMPTS`). The sweep takes the due ones, never asked first, then by next try, so a failing
 * one never fills its batch; the partial index holds only refunds still to ask for.
 */
export class RefundRetries1797700010000 implements MigrationInterface {
  name = 'RefundRetries1797700010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table hunter_bookings
        add column refund_attempts int not null default 0 check (refund_attempts >= 0),
        add column refund_next_try_at timestamptz,
        add column refund_last_error text,
        add column refund_alerted_at timestamptz`);
    await queryRunner.query(`
      create index hunter_bookings_refunds_due_idx on hunter_bookings (refund_next_try_at nulls first, updated_at)
      where refund_pence > 0 and refund_id is null and refunded_at is null and payment_intent_id is not null`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index hunter_bookings_refunds_due_idx`);
    await queryRunner.query(`
      alter table hunter_bookings drop column refund_attempts, drop column refund_next_try_at,
        drop column refund_last_error, drop column refund_alerted_at`);
  }
}
