import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per email about a booking: written in the inbox transaction of the event that calls for it, sent once
 * by the booking-email job. The unique key makes a replayed event write nothing new.
 */
export class CreateOutboundEmails1764892800000 implements MigrationInterface {
  name = 'CreateOutboundEmails1764892800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table outbound_emails (
        id bigint generated always as identity primary key,
        booking_id text not null,
        kind text not null constraint outbound_emails_kind_check
          check (kind in ('confirmation', 'rescheduled', 'reminder_24h', 'reminder_1h', 'cancellation', 'refund')),
        sequence integer not null,
        recipient_role text not null constraint outbound_emails_recipient_role_check check (recipient_role in ('client', 'hunter')),
        recipient_user_id text not null,
        facts jsonb not null,
        send_at timestamptz not null,
        status text not null default 'pending'
          constraint outbound_emails_status_check check (status in ('pending', 'sent', 'skipped', 'failed')),
        attempts integer not null default 0,
        last_error text,
        skipped_reason text,
        sent_at timestamptz,
        created_at timestamptz not null default now(),
        constraint outbound_emails_once unique (booking_id, kind, sequence, recipient_user_id)
      )`);
    await queryRunner.query(
      `create index outbound_emails_pending_idx on outbound_emails (send_at) where status = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table outbound_emails`);
  }
}
