import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When bookings last read a connected account from Stripe (`accounts.retrieve`), by the services' clock: the row is
 * the account's cached state, and `GET /api/hunter-payouts/account` asks Stripe again only once it is older than
 * `PAYOUT_ACCOUNT_CACHE_SECONDS` (an `account.updated` event refreshes the row, and so the cache, itself). Null:
 * never read (the next read asks).
 */
export class PayoutAccountStateReads1797700000000 implements MigrationInterface {
  name = 'PayoutAccountStateReads1797700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunter_payout_accounts add column state_read_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunter_payout_accounts drop column state_read_at`);
  }
}
