import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = `'confirmation', 'rescheduled', 'reminder_24h', 'reminder_1h', 'cancellation', 'refund',
  'time_proposed', 'proposal_declined', 'no_show', 'disputed', 'dispute_resolved', 'review_request'`;

/**
 * `outbound_emails` takes `session_held`: the client's email when the hunter marks a session held (issue 22: each
 * hunter action comes with its email, the held mark as much as the no-show).
 */
export class SessionHeldEmail1796000000000 implements MigrationInterface {
  name = 'SessionHeldEmail1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_kind_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_kind_check
        check (kind in (${KINDS_BEFORE}, 'session_held'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`delete from outbound_emails where kind = 'session_held'`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_kind_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_kind_check check (kind in (${KINDS_BEFORE}))`);
  }
}
