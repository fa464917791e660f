import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hunter vetting, messaging's side: the hunters copy keeps the hunter's status (every hunter copied before vetting
 * was listed, so they are approved, as their old events now read), and `hunter_emails` holds one row per vetting
 * decision emailed to the hunter, written in the inbox transaction of `hunters.hunter.vetted` and sent once by the
 * hunter-email job. The unique event id makes a replayed event write nothing new.
 */
export class HunterVetting1766800000000 implements MigrationInterface {
  name = 'HunterVetting1766800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      alter table hunters add column status text not null default 'approved'
        constraint hunters_status_check check (status in ('pending', 'approved', 'rejected', 'suspended'))`);
    await queryRunner.query(`
      create table hunter_emails (
        id bigint generated always as identity primary key,
        event_id text not null constraint hunter_emails_once unique,
        hunter_id integer not null,
        recipient_user_id text not null,
        decision text not null
          constraint hunter_emails_decision_check check (decision in ('approve', 'reject', 'suspend', 'reinstate')),
        hunter_name text not null,
        reason text,
        status text not null default 'pending'
          constraint hunter_emails_status_check check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        last_error text,
        sent_at timestamptz,
        created_at timestamptz not null default now()
      )`);
    await queryRunner.query(
      `create index hunter_emails_pending_idx on hunter_emails (created_at) where status = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`drop table hunter_emails`);
    await queryRunner.query(`alter table hunters drop column status`);
  }
}
