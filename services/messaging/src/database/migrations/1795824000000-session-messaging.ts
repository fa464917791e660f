import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The session itself, messaging's side (issue 22):
 *
 * - `hunter_joining_details`: a private copy of how each hunter's sessions happen (`hunters.joining-details.changed`),
 *   read only by the client's booking emails and invites. Its own table: the details may arrive before the hunters
 *   copy has the hunter, and nothing public ever reads it.
 * - The bookings copy keeps the hunter's attendance mark, so the review request skips a no-show.
 * - `outbound_emails` takes the new kinds. `dedupe_key` joins its once-key: the emails of the new events are once
 *   per event (its id), which the booking's sequence alone cannot say (a second suggested time at one sequence).
 *   Bookings that ended before review requests existed are marked as asked (skipped), so a deploy does not email
 *   every past client at once.
 * - Messages carry `attachments` (the booking's photo URLs on the message with the client's question) and, on that
 *   message, the `booking_id` whose uniqueness makes it once per booking.
 */
export class SessionMessaging1795824000000 implements MigrationInterface {
  name = 'SessionMessaging1795824000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table hunter_joining_details (
        hunter_id integer primary key,
        joining jsonb not null,
        updated_at timestamptz not null
      )`);
    await queryRunner.query(`
      alter table bookings add column attendance text
        constraint bookings_attendance_check check (attendance in ('held', 'no_show'))`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_kind_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_kind_check
        check (kind in ('confirmation', 'rescheduled', 'reminder_24h', 'reminder_1h', 'cancellation', 'refund',
                        'time_proposed', 'proposal_declined', 'no_show', 'disputed', 'dispute_resolved',
                        'review_request'))`);
    await queryRunner.query(`alter table outbound_emails add column dedupe_key text not null default ''`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_once`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_once
        unique (booking_id, kind, sequence, recipient_user_id, dedupe_key)`);
    await queryRunner.query(`
      insert into outbound_emails (booking_id, kind, sequence, recipient_role, recipient_user_id, facts, send_at,
                                   status, skipped_reason)
      select b.booking_id, 'review_request', b.sequence, 'client', b.client_user_id, '{}'::jsonb, now(),
             'skipped', 'ended before review requests existed'
        from bookings b
       where b.ends_at + interval '2 hours' <= now()
      on conflict on constraint outbound_emails_once do nothing`);
    await queryRunner.query(`
      alter table messages
        add column attachments text[] not null default '{}',
        add column booking_id text constraint messages_booking_key unique`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table messages drop column booking_id, drop column attachments`);
    await queryRunner.query(`delete from outbound_emails where dedupe_key <> '' or kind not in
      ('confirmation', 'rescheduled', 'reminder_24h', 'reminder_1h', 'cancellation', 'refund')`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_once`);
    await queryRunner.query(`alter table outbound_emails drop column dedupe_key`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_once unique (booking_id, kind, sequence, recipient_user_id)`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_kind_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_kind_check
        check (kind in ('confirmation', 'rescheduled', 'reminder_24h', 'reminder_1h', 'cancellation', 'refund'))`);
    await queryRunner.query(`alter table bookings drop column attendance`);
    await queryRunner.query(`drop table hunter_joining_details`);
  }
}
