import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the hold sweep should next ask the processor about an expired hold's intent. Null means "now"; an intent
 * the processor will neither cancel nor has paid yet (`processing`) is put off, so the sweep's batch (ordered by
 * this time) is never filled by the same stuck intents while other expired holds wait.
 */
export class HoldPaymentChecks1767398400000 implements MigrationInterface {
  name = 'HoldPaymentChecks1767398400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunter_bookings add column payment_check_after timestamptz`);
    await queryRunner.query(
      `create index hunter_bookings_unsettled_holds_idx on hunter_bookings (coalesce(payment_check_after, expires_at))
       where status = 'expired' and payment_intent_id is not null and paid_at is null
         and payment_status is distinct from 'canceled'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index hunter_bookings_unsettled_holds_idx`);
    await queryRunner.query(`alter table hunter_bookings drop column payment_check_after`);
  }
}
