import type { MigrationInterface, QueryRunner } from 'typeorm';

const BOOKING_KINDS = `'confirmation', 'rescheduled', 'reminder_24h', 'reminder_1h', 'cancellation', 'refund',
  'time_proposed', 'proposal_declined', 'no_show', 'disputed', 'dispute_resolved', 'review_request', 'session_held'`;
const OTHER_KINDS = `'vetting_approve', 'vetting_reject', 'vetting_suspend', 'vetting_reinstate',
  'edit_sent', 'publish_requested', 'pick_chosen', 'contact_submission', 'message_nudge'`;
/** What MESSAGE_NUDGE_DELAY_MS is by default: a run of unread messages in flight at the move waits as it would have. */
const NUDGE_DELAY = `interval '10 minutes'`;

/**
 * One email ledger (decision 0084): `outbound_emails` takes every email the service sends. The vetting emails
 * (`hunter_emails`), the Hunter Edit and Pick emails (`edit_emails`), the contact form's support emails (the
 * `email_*` columns of `contact_submissions`) and the unread-message emails (`client_nudged_at`,
 * `hunter_nudged_at` of `conversations`) move into it with their state, and the old tables and columns go.
 *
 * Nothing is lost or sent twice: a sent email stays sent (its time kept), a failed one failed, a pending one pending
 * once (the new email job's sweep sends it; the old queues have no worker any more). A moved row keeps the Message-ID
 * of its old ledger (`message_id`), so one tried before the move is recognisably the same mail. Each side's last
 * unread-message email becomes a sent row (what keeps the next one an interval away), and each run of unread
 * messages not yet emailed becomes a pending row due as its old job was. Booking emails keep their rows and ids.
 *
 * Once-keys: a booking email's stays `outbound_emails_once`; every other kind is once per (kind, `dedupe_key`):
 * the event's id, the submission's id, the message that began a run of unread ones
 * (`outbound_emails_once_per_key`).
 */
export class OneEmailLedger1796300000000 implements MigrationInterface {
  name = 'OneEmailLedger1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table outbound_emails alter column booking_id drop not null`);
    await queryRunner.query(`alter table outbound_emails alter column sequence drop not null`);
    await queryRunner.query(`alter table outbound_emails alter column recipient_user_id drop not null`);
    await queryRunner.query(`alter table outbound_emails add column message_id text`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_kind_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_kind_check
        check (kind in (${BOOKING_KINDS}, ${OTHER_KINDS}))`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_recipient_role_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_recipient_role_check
        check (recipient_role in ('client', 'hunter', 'support'))`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_booking_check
        check ((booking_id is null) = (sequence is null) and (booking_id is null) = (kind not in (${BOOKING_KINDS})))`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_recipient_check
        check ((recipient_user_id is null) = (recipient_role = 'support'))`);
    await queryRunner.query(`
      create unique index outbound_emails_once_per_key on outbound_emails (kind, dedupe_key) where booking_id is null`);
    await queryRunner.query(`create index outbound_emails_recipient_idx on outbound_emails (recipient_user_id, kind)`);

    await queryRunner.query(`
      insert into outbound_emails (kind, recipient_role, recipient_user_id, facts, send_at, dedupe_key, status,
                                   attempts, last_error, sent_at, created_at, message_id)
      select 'vetting_' || decision, 'hunter', recipient_user_id,
             jsonb_build_object('hunterId', hunter_id, 'decision', decision, 'hunterName', hunter_name, 'reason', reason),
             created_at, event_id, status, attempts, last_error, sent_at, created_at, 'hunter-email-' || id
        from hunter_emails order by id`);
    await queryRunner.query(`
      insert into outbound_emails (kind, recipient_role, recipient_user_id, facts, send_at, dedupe_key, status,
                                   attempts, last_error, sent_at, created_at, message_id)
      select kind, case when kind = 'pick_chosen' then 'hunter' else 'client' end, recipient_user_id,
             jsonb_build_object('editId', edit_id, 'hunterId', hunter_id, 'hunterName', hunter_name, 'title', title),
             created_at, event_id, status, attempts, last_error, sent_at, created_at, 'edit-email-' || id
        from edit_emails order by id`);
    // Its Message-ID is the submission's (`contact-submission-<id>`) in either ledger.
    await queryRunner.query(`
      insert into outbound_emails (kind, recipient_role, recipient_user_id, facts, send_at, dedupe_key, status,
                                   attempts, last_error, sent_at, created_at)
      select 'contact_submission', 'support', null, jsonb_build_object('submissionId', id), created_at, id::text,
             email_status, email_attempts, email_last_error, email_sent_at, created_at
        from contact_submissions order by id`);
    // Each side's last unread-message email (the old claim: set when it went, given back if the send failed).
    await queryRunner.query(`
      insert into outbound_emails (kind, recipient_role, recipient_user_id, facts, send_at, dedupe_key, status,
                                   attempts, sent_at, created_at)
      select 'message_nudge', side.role, side.user_id, jsonb_build_object('conversationId', c.id),
             side.nudged_at, 'moved:' || c.id || ':' || side.role, 'sent', 1, side.nudged_at, side.nudged_at
        from conversations c
        cross join lateral (values ('client', c.client_user_id, c.client_nudged_at),
                                   ('hunter', c.hunter_user_id, c.hunter_nudged_at)) side(role, user_id, nudged_at)
       where side.nudged_at is not null
       order by side.nudged_at`);
    // The runs of unread messages whose email had not gone: their old delayed jobs have no worker any more.
    await queryRunner.query(`
      insert into outbound_emails (kind, recipient_role, recipient_user_id, facts, send_at, dedupe_key, created_at)
      select 'message_nudge', side.role, side.user_id,
             jsonb_build_object('conversationId', c.id, 'messageId', first_unread.id::text),
             first_unread.created_at + ${NUDGE_DELAY}, first_unread.id::text, first_unread.created_at
        from conversations c
        cross join lateral (values ('client', c.client_user_id, c.client_unread, c.client_nudged_at),
                                   ('hunter', c.hunter_user_id, c.hunter_unread, c.hunter_nudged_at))
                   side(role, user_id, unread, nudged_at)
        cross join lateral (
          select m.id, m.created_at from messages m
           where m.conversation_id = c.id and m.receiver_id = side.user_id and not m.is_read
           order by m.seq limit 1) first_unread
       where side.unread > 0
         and (side.nudged_at is null or side.nudged_at < first_unread.created_at)
       order by first_unread.created_at`);

    await queryRunner.query(`drop table hunter_emails`);
    await queryRunner.query(`drop table edit_emails`);
    await queryRunner.query(`
      alter table contact_submissions
        drop column email_status, drop column email_attempts, drop column email_last_error, drop column email_sent_at`);
    await queryRunner.query(`alter table conversations drop column client_nudged_at, drop column hunter_nudged_at`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`alter table conversations add column client_nudged_at timestamptz, add column hunter_nudged_at timestamptz`);
    await queryRunner.query(`
      update conversations c set
        client_nudged_at = (select max(sent_at) from outbound_emails e where e.kind = 'message_nudge'
                             and e.facts ->> 'conversationId' = c.id::text and e.recipient_user_id = c.client_user_id),
        hunter_nudged_at = (select max(sent_at) from outbound_emails e where e.kind = 'message_nudge'
                             and e.facts ->> 'conversationId' = c.id::text and e.recipient_user_id = c.hunter_user_id)`);
    await queryRunner.query(`
      alter table contact_submissions
        add column email_status varchar(20) not null default 'pending' constraint contact_submissions_email_status_known
          check (email_status in ('pending', 'sent', 'failed')),
        add column email_attempts integer not null default 0 constraint contact_submissions_email_attempts_non_negative
          check (email_attempts >= 0),
        add column email_last_error text,
        add column email_sent_at timestamptz`);
    await queryRunner.query(`
      update contact_submissions s set
        email_status = case when e.status = 'skipped' then 'failed' else e.status end,
        email_attempts = e.attempts, email_last_error = e.last_error, email_sent_at = e.sent_at
        from outbound_emails e where e.kind = 'contact_submission' and e.dedupe_key = s.id::text`);
    await queryRunner.query(
      `create index contact_submissions_email_pending_idx on contact_submissions (id) where email_status = 'pending'`,
    );
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
    await queryRunner.query(`create index hunter_emails_pending_idx on hunter_emails (created_at) where status = 'pending'`);
    await queryRunner.query(`
      insert into hunter_emails (event_id, hunter_id, recipient_user_id, decision, hunter_name, reason, status, attempts,
                                 last_error, sent_at, created_at)
      select dedupe_key, (facts ->> 'hunterId')::int, recipient_user_id, facts ->> 'decision', facts ->> 'hunterName',
             facts ->> 'reason', case when status = 'skipped' then 'failed' else status end, attempts, last_error,
             sent_at, created_at
        from outbound_emails where kind like 'vetting\\_%' order by id`);
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
    await queryRunner.query(`
      insert into edit_emails (event_id, kind, edit_id, hunter_id, recipient_user_id, hunter_name, title, status,
                               attempts, last_error, sent_at, created_at)
      select dedupe_key, kind, (facts ->> 'editId')::int, (facts ->> 'hunterId')::int, recipient_user_id,
             facts ->> 'hunterName', facts ->> 'title', case when status = 'skipped' then 'failed' else status end,
             attempts, last_error, sent_at, created_at
        from outbound_emails where kind in ('edit_sent', 'publish_requested', 'pick_chosen') order by id`);
    await queryRunner.query(`delete from outbound_emails where booking_id is null`);
    await queryRunner.query(`drop index outbound_emails_recipient_idx`);
    await queryRunner.query(`drop index outbound_emails_once_per_key`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_recipient_check`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_booking_check`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_recipient_role_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_recipient_role_check
        check (recipient_role in ('client', 'hunter'))`);
    await queryRunner.query(`alter table outbound_emails drop constraint outbound_emails_kind_check`);
    await queryRunner.query(`
      alter table outbound_emails add constraint outbound_emails_kind_check check (kind in (${BOOKING_KINDS}))`);
    await queryRunner.query(`alter table outbound_emails drop column message_id`);
    await queryRunner.query(`alter table outbound_emails alter column recipient_user_id set not null`);
    await queryRunner.query(`alter table outbound_emails alter column sequence set not null`);
    await queryRunner.query(`alter table outbound_emails alter column booking_id set not null`);
  }
}
