import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `edit_emails` (issue 25): one row per Hunter Edit email to its client, written in the inbox transaction of
 * `hunters.edit.sent` (the edit is on My bookings) or `hunters.edit.publish-requested` (the hunter asks to publish
 * it), and sent once by the edit-email job, as `hunter_emails` is for vetting; and the hunter's "today is your Hunter's
 * Pick" (`hunters.pick.chosen`, no edit: `edit_id` null, `title` the day). The unique event id makes a replayed
 * event write nothing new. The edit's hunter name and title travel in the row: messaging keeps no copy of edits.
 */
export class EditEmails1796200000000 implements MigrationInterface {
  name = 'EditEmails1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table edit_emails (
        id bigint generated always as identity primary key,
        event_id text not null constraint edit_emails_once unique,
        kind text not null constraint edit_emails_kind_check check (kind in ('edit_sent', 'publish_requested', 'pick_chosen')),
        edit_id integer,
        hunter_id integer not null,
        recipient_user_id text not null,
        hunter_name text not null,
        title text not null,
        status text not null default 'pending'
          constraint edit_emails_status_check check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz not null default now()
      )`);
    await queryRunner.query(`create index edit_emails_pending_idx on edit_emails (created_at) where status = 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table edit_emails`);
  }
}
