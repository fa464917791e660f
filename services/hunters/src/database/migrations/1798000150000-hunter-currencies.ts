import { EVENT_VERSIONS } from '@hunted/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38 (decision 0105): each hunter prices in a currency of their own. Existing rows take their location's
 * (eurozone EUR, Sweden SEK, Denmark DKK, the UK GBP); their prices, whole numbers, keep their figures.
 *
 * The listing compares prices across currencies in pence of a reference rate: `reference_rates` holds the rate of
 * each currency (pence per whole unit), written at every start from configuration (HUNTER_REFERENCE_RATES), and
 * `price_reference_pence` is the hunter's `price_per_session` at that rate, kept by a trigger on the row and
 * recomputed for a currency whose rate changes. The listing's price filter and sorts read it from indexes shaped as
 * the old price ones, so the listing costs what it did.
 *
 * Every hunter is published again (as the republish-hunters-for-statuses migration did) so the copies learn the
 * currency.
 */
export class HunterCurrencies1798000150000 implements MigrationInterface {
  name = 'HunterCurrencies1798000150000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table reference_rates (
        currency text primary key constraint reference_rates_currency_check
          check (currency in ('GBP', 'EUR', 'SEK', 'DKK', 'NOK', 'CHF', 'PLN')),
        pence_per_unit numeric(12, 6) not null constraint reference_rates_positive check (pence_per_unit > 0)
      )`);
    // Until the service's first start writes the configured table: 1:1, so nothing is unplaced meanwhile.
    await queryRunner.query(`
      insert into reference_rates (currency, pence_per_unit)
      values ('GBP', 100), ('EUR', 85), ('SEK', 7.3), ('DKK', 11.4), ('NOK', 7.1), ('CHF', 90), ('PLN', 19.8)`);
    await queryRunner.query(`
      alter table hunters
        add column currency text not null default 'GBP'
          constraint hunters_currency_check check (currency in ('GBP', 'EUR', 'SEK', 'DKK', 'NOK', 'CHF', 'PLN')),
        add column price_reference_pence integer not null default 0`);
    await queryRunner.query(`
      update hunters set currency = case location
        when 'UK' then 'GBP' when 'Sweden' then 'SEK' when 'Denmark' then 'DKK' else 'EUR' end`);
    await queryRunner.query(`
      create function hunters_price_reference() returns trigger language plpgsql set search_path from current as $$
      begin
        new.price_reference_pence := round(new.price_per_session *
          coalesce((select r.pence_per_unit from reference_rates r where r.currency = new.currency), 100));
        return new;
      end $$`);
    await queryRunner.query(`
      create trigger hunters_price_reference before insert or update of price_per_session, currency on hunters
        for each row execute function hunters_price_reference()`);
    await queryRunner.query(`update hunters set price_per_session = price_per_session`);
    await queryRunner.query(`create index hunters_price_reference_idx on hunters (price_reference_pence, id) where status = 'approved'`);
    await queryRunner.query(
      `create index hunters_price_reference_desc_idx on hunters (price_reference_pence desc, id) where status = 'approved'`,
    );
    await queryRunner.query(
      `create index hunters_location_reference_idx on hunters (location, price_reference_pence, id) where status = 'approved'`,
    );
    await queryRunner.query(
      `insert into outbox (id, type, version, occurred_at, data)
       select gen_random_uuid(), 'hunters.hunter.updated', $1, now(),
              jsonb_build_object(
                'hunterId', h.id, 'userId', h.user_id, 'name', h.name, 'profileImageUrl', h.profile_image_url,
                'location', h.location, 'availabilityStatus', h.availability_status, 'sessionTypes', h.session_types,
                'pricePerSession', h.price_per_session, 'currency', h.currency, 'status', h.status)
         from hunters h
        order by h.id`,
      [EVENT_VERSIONS['hunters.hunter.updated']],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop trigger hunters_price_reference on hunters`);
    await queryRunner.query(`drop function hunters_price_reference()`);
    await queryRunner.query(`drop index hunters_price_reference_idx, hunters_price_reference_desc_idx, hunters_location_reference_idx`);
    await queryRunner.query(`alter table hunters drop column currency, drop column price_reference_pence`);
    await queryRunner.query(`drop table reference_rates`);
  }
}
