import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Written out, not imported: a migration's text never changes after it shipped. */
const BOOKING_KINDS = `'confirmation', 'rescheduled', 'reminder_24h', 'reminder_1h', 'cancellation', 'refund',
  'time_proposed', 'proposal_declined', 'no_show', 'disputed', 'dispute_resolved', 'review_request', 'session_held'`;
const OTHER_KINDS = `'vetting_approve', 'vetting_reject', 'vetting_suspend', 'vetting_reinstate',
  'edit_sent', 'publish_requested', 'pick_chosen', 'contact_submission', 'message_nudge', 'export_ready'`;

/**
 * Issue 37 item 8: the emails of moderation decisions in the one ledger, `moderation_author` (hidden, restored,
 * appeal rejected) and `moderation_reporter` (hidden, dismissed), once per (decision event, member) by the ledger's
 * `outbound_emails_once_per_key` (the dedupe key is the event's id and the member's).
 */
export class ModerationEmails1798000020000 implements MigrationInterface {
  name = 'ModerationEmails1798000020000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_kind_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_kind_check
        check (kind in (${BOOKING_KINDS}, ${OTHER_KINDS}, 'moderation_author', 'moderation_reporter'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`delete from outbound_emails where kind in ('moderation_author', 'moderation_reporter')`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_kind_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_kind_check
        check (kind in (${BOOKING_KINDS}, ${OTHER_KINDS}))`);
  }
}
