import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The session itself (issue #22):
 * - `booking_photos`: the client's photos of a booking, uploaded before the hold (unattached until a hold or a free
 *   booking takes them; pruned after a day if none does), served only to their uploader and the booking's hunter;
 * - `hunter_joining_details`: the copy of each hunter's joining details (`hunters.joining-details.changed`),
 *   released only to a booked client;
 * - per booking: the hunter's cancel reason, the attendance mark, the hunter's open proposal of another time, and
 *   the client's dispute of a no-show mark with its resolution.
 */
export class SessionActions1795824000000 implements MigrationInterface {
  name = 'SessionActions1795824000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table booking_photos (
        id uuid primary key,
        owner_user_id text not null,
        booking_id uuid references hunter_bookings (id) on delete set null,
        bytes bytea not null,
        content_type text not null,
        created_at timestamptz not null default now()
      )`);
    await queryRunner.query(`create index booking_photos_booking_idx on booking_photos (booking_id)`);
    await queryRunner.query(
      `create index booking_photos_unattached_idx on booking_photos (created_at) where booking_id is null`,
    );
    await queryRunner.query(`
      create table hunter_joining_details (
        hunter_id integer primary key,
        joining jsonb not null,
        updated_at timestamptz not null
      )`);
    await queryRunner.query(`
      alter table hunter_bookings
        add column cancel_reason text,
        add column attendance text check (attendance in ('held', 'no_show')),
        add column attendance_marked_at timestamptz,
        add column proposed_session_date date,
        add column proposed_session_time text,
        add column proposed_starts_at timestamptz,
        add column proposed_ends_at timestamptz,
        add column proposal_message text,
        add column proposed_at timestamptz,
        add column dispute_status text check (dispute_status in ('open', 'refunded', 'dismissed')),
        add column dispute_reason text,
        add column disputed_at timestamptz,
        add column dispute_resolved_at timestamptz,
        add column dispute_resolution_note text`);
    await queryRunner.query(
      `create index hunter_bookings_disputes_idx on hunter_bookings (disputed_at desc) where dispute_status is not null`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop index hunter_bookings_disputes_idx`);
    await queryRunner.query(`
      alter table hunter_bookings
        drop column cancel_reason, drop column attendance, drop column attendance_marked_at,
        drop column proposed_session_date, drop column proposed_session_time, drop column proposed_starts_at,
        drop column proposed_ends_at, drop column proposal_message, drop column proposed_at, drop column dispute_status,
        drop column dispute_reason, drop column disputed_at, drop column dispute_resolved_at,
        drop column dispute_resolution_note`);
    await queryRunner.query(`drop table hunter_joining_details`);
    await queryRunner.query(`drop table booking_photos`);
  }
}
