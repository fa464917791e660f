import { CREATE_DATA_EXPORT_FILES_TABLE, CREATE_DATA_EXPORT_FILES_USER_INDEX, DROP_DATA_EXPORT_FILES_TABLE } from '@hunted/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Written out, not imported: a migration's text never changes after it shipped. */
const BOOKING_KINDS = `'confirmation', 'rescheduled', 'reminder_24h', 'reminder_1h', 'cancellation', 'refund',
  'time_proposed', 'proposal_declined', 'no_show', 'disputed', 'dispute_resolved', 'review_request', 'session_held'`;
const OTHER_KINDS = `'vetting_approve', 'vetting_reject', 'vetting_suspend', 'vetting_reinstate',
  'edit_sent', 'publish_requested', 'pick_chosen', 'contact_submission', 'message_nudge'`;

/**
 * Issue 36, "Your data, your say":
 * - `email_preferences`: one row per member who changed a switch, a boolean per optional kind of email (a member
 *   without a row has the defaults, news off); the columns are the kinds, so the database refuses an unknown one.
 * - `outbound_emails`: the `suppressed` state (an optional email whose switch was off when it was due: kept, not
 *   deleted, so the ledger still tells what happened), the `export_ready` kind, and what was sent (`subject`,
 *   `body_text`) so a member's export can show it until the retention job prunes the body (`body_pruned_at`).
 * - `data_export_files`: this service's stored parts of members' exports (the platform's table).
 */
export class YourData1797900050000 implements MigrationInterface {
  name = 'YourData1797900050000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      create table email_preferences (
        user_id text primary key,
        message_nudges boolean not null default true,
        review_requests boolean not null default true,
        hunter_edits boolean not null default true,
        hunters_pick boolean not null default true,
        news boolean not null default false,
        updated_at timestamptz not null default now()
      )`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_status_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_status_check
        check (status in ('pending', 'sent', 'skipped', 'suppressed', 'failed'))`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_kind_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_kind_check
        check (kind in (${BOOKING_KINDS}, ${OTHER_KINDS}, 'export_ready'))`);
    await queryRunner.query(`
      alter table outbound_emails
        add column subject text,
        add column body_text text,
        add column body_pruned_at timestamptz`);
    // The retention job looks for sent bodies older than the period: a partial index keeps that cheap.
    await queryRunner.query(
      `create index outbound_emails_body_kept_idx on outbound_emails (sent_at) where body_pruned_at is null and status <> 'pending'`,
    );
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_TABLE);
    await queryRunner.query(CREATE_DATA_EXPORT_FILES_USER_INDEX);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(DROP_DATA_EXPORT_FILES_TABLE);
    await queryRunner.query(`drop index outbound_emails_body_kept_idx`);
    await queryRunner.query(`alter table outbound_emails drop column subject, drop column body_text, drop column body_pruned_at`);
    await queryRunner.query(`delete from outbound_emails where kind = 'export_ready'`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_kind_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_kind_check
        check (kind in (${BOOKING_KINDS}, ${OTHER_KINDS}))`);
    await queryRunner.query(`update outbound_emails set status = 'skipped' where status = 'suppressed'`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_status_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_status_check
        check (status in ('pending', 'sent', 'skipped', 'failed'))`);
    await queryRunner.query(`drop table email_preferences`);
  }
}
