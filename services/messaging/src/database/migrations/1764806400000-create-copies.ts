import { CREATE_USERS_COPY_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event-fed copies of other services' data that messaging's emails (and later its conversations) read: identity's
 * users with their email address, hunters' names and photos, and bookings as their latest event left them.
 */
export class CreateCopies1764806400000 implements MigrationInterface {
  name = 'CreateCopies1764806400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_USERS_COPY_TABLE);
    // Only messaging writes to members, so only its copy keeps their address (see MemberCopies).
    await queryRunner.query(`alter table users add column email text`);
    await queryRunner.query(`
      create table hunters (
        hunter_id integer primary key,
        user_id text,
        name text not null,
        profile_image_url text,
        updated_at timestamptz not null
      )`);
    await queryRunner.query(`create index hunters_user_id_idx on hunters (user_id) where user_id is not null`);
    await queryRunner.query(`
      create table bookings (
        booking_id text primary key,
        hunter_id integer not null,
        hunter_user_id text,
        client_user_id text not null,
        session_type text not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        price_pence integer not null constraint bookings_price_pence_check check (price_pence >= 0),
        status text not null constraint bookings_status_check check (status in ('confirmed', 'cancelled', 'completed')),
        sequence integer not null constraint bookings_sequence_check check (sequence >= 0),
        refund_pence integer,
        updated_at timestamptz not null default now(),
        constraint bookings_times_check check (ends_at > starts_at)
      )`);
    await queryRunner.query(`create index bookings_client_user_id_idx on bookings (client_user_id)`);
    await queryRunner.query(
      `create index bookings_hunter_user_id_idx on bookings (hunter_user_id) where hunter_user_id is not null`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table bookings`);
    await queryRunner.query(`drop table hunters`);
    await queryRunner.query(`drop table users`);
  }
}
