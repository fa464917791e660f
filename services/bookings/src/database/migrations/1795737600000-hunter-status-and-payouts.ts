import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Vetting and Stripe Connect payouts (issue #21):
 * - the hunters copy keeps the hunter's vetting `status` (only `approved` hunters have slots and take holds);
 *   hunters copied before vetting existed were all listed, so they are approved;
 * - `hunter_payout_accounts`: each hunter's one connected account (Stripe Express `acct_…`, or `sim_acct_…` in
 *   simulated mode) and its state as Connect last reported it; `state_at` is the reporting event's `created`, so
 *   an `account.updated` replayed or out of order never overwrites a newer state;
 * - `hunter_payouts`: the connected accounts' payouts to their banks, from Connect's `payout.*` events;
 * - per booking, the platform's application fee and the connected account the charge pays (destination charges).
 */
export class HunterStatusAndPayouts1795737600000 implements MigrationInterface {
  name = 'HunterStatusAndPayouts1795737600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table hunters add column status text not null default 'approved'
        check (status in ('pending', 'approved', 'rejected', 'suspended'))`);
    await queryRunner.query(`
      create table hunter_payout_accounts (
        hunter_id integer primary key,
        user_id text,
        account_id text not null unique,
        mode text not null check (mode in ('simulated', 'stripe')),
        details_submitted boolean not null default false,
        charges_enabled boolean not null default false,
        payouts_enabled boolean not null default false,
        requirements_due text[] not null default '{}',
        disabled_reason text,
        state_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    await queryRunner.query(`
      create table hunter_payouts (
        id text primary key,
        account_id text not null,
        amount_pence integer not null,
        currency text not null,
        status text not null,
        arrival_date timestamptz not null,
        created timestamptz not null,
        state_at timestamptz not null,
        updated_at timestamptz not null default now()
      )`);
    await queryRunner.query(`create index hunter_payouts_account_idx on hunter_payouts (account_id, arrival_date)`);
    await queryRunner.query(`
      alter table hunter_bookings
        add column platform_fee_pence integer not null default 0 check (platform_fee_pence >= 0),
        add column destination_account_id text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `alter table hunter_bookings drop column destination_account_id, drop column platform_fee_pence`,
    );
    await queryRunner.query(`drop table hunter_payouts`);
    await queryRunner.query(`drop table hunter_payout_accounts`);
    await queryRunner.query(`alter table hunters drop column status`);
  }
}
