import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38 (decision 0105): a booking is in its hunter's currency, stored beside its minor-unit amounts (the `*_pence`
 * columns keep their names and now hold minor units of `currency`: cents, öre, øre…). Every booking made so far was in
 * pounds. The hunters copy keeps each hunter's currency (the hunter-currencies migration of hunters publishes every
 * hunter again with it), and a payout account the country it was created in (every account so far: GB).
 */
export class BookingCurrencies1798000160000 implements MigrationInterface {
  name = 'BookingCurrencies1798000160000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const currencies = `('GBP', 'EUR', 'SEK', 'DKK', 'NOK', 'CHF', 'PLN')`;
    await queryRunner.query(`
      alter table hunter_bookings add column currency text not null default 'GBP'
        constraint hunter_bookings_currency_check check (currency in ${currencies})`);
    await queryRunner.query(`
      alter table hunters add column currency text not null default 'GBP'
        constraint hunters_currency_check check (currency in ${currencies})`);
    await queryRunner.query(`
      alter table hunter_payout_accounts add column country text not null default 'GB'
        constraint hunter_payout_accounts_country_check check (country ~ '^[A-Z]{2}$')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table hunter_bookings drop column currency`);
    await queryRunner.query(`alter table hunters drop column currency`);
    await queryRunner.query(`alter table hunter_payout_accounts drop column country`);
  }
}
