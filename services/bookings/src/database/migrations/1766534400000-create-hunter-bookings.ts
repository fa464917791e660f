import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Holds and bookings. No two active rows (a live or stale hold, or a confirmed booking) of one hunter, nor of one
 * client, overlap in time: PostgreSQL refuses the second with 23P01, however many replicas race. The predicate
 * cannot read the clock, so a hold past its `expires_at` stays active until a writer or the expiry job marks it
 * expired; every insert and move first expires the stale holds in its way, in its own transaction.
 */
export class CreateHunterBookings1766534400000 implements MigrationInterface {
  name = 'CreateHunterBookings1766534400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Installed by the administrator (infra/postgres/service-roles.sql) where roles may not create extensions.
    await queryRunner.query(`create extension if not exists btree_gist with schema public`);
    await queryRunner.query(`
      create table hunter_bookings (
        id uuid primary key,
        hunter_id integer not null,
        hunter_user_id text,
        client_user_id text not null,
        session_type text not null,
        session_date date not null,
        session_time text not null,
        duration integer not null check (duration > 0),
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        price_pence integer not null check (price_pence >= 0),
        notes text,
        status text not null check (status in ('pending_payment', 'confirmed', 'completed', 'cancelled', 'expired')),
        expires_at timestamptz,
        payment_intent_id text unique,
        client_secret text,
        payment_status text,
        paid_at timestamptz,
        refund_id text,
        refund_pence integer not null default 0,
        refund_reason text,
        refunded_pence integer not null default 0,
        refunded_at timestamptz,
        cancelled_by text,
        cancelled_at timestamptz,
        sequence integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check (ends_at > starts_at),
        constraint hunter_bookings_hunter_no_overlap exclude using gist
          (hunter_id with =, tstzrange(starts_at, ends_at) with &&) where (status in ('pending_payment', 'confirmed')),
        constraint hunter_bookings_client_no_overlap exclude using gist
          (client_user_id with =, tstzrange(starts_at, ends_at) with &&) where (status in ('pending_payment', 'confirmed'))
      )`);
    await queryRunner.query(`create index hunter_bookings_client_idx on hunter_bookings (client_user_id, starts_at)`);
    await queryRunner.query(`create index hunter_bookings_hunter_idx on hunter_bookings (hunter_id, starts_at)`);
    await queryRunner.query(
      `create index hunter_bookings_live_holds_idx on hunter_bookings (expires_at) where status = 'pending_payment'`,
    );
    await queryRunner.query(
      `create index hunter_bookings_confirmed_end_idx on hunter_bookings (ends_at) where status = 'confirmed'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_bookings`);
  }
}
