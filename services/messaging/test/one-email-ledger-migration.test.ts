import { eventMigrations, openMigratedDataSource, type JobQueue } from '@hunted/platform';
import {
  dropTestSchema,
  removeTestData,
  startServiceApp,
  TEST_DATABASE_URL,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrations } from '../src/database/migrations/index.js';
import { OneEmailLedger1796300000000 } from '../src/database/migrations/1796300000000-one-email-ledger.js';
import { EmailSendJob, emailSend, type EmailSendData } from '../src/mail/email-send.job.js';
import { MailInbox } from './mail-inbox.js';

const SCHEMA = 'messaging_one_ledger_it';
const MAIL_FROM = 'Hunted <no-reply@hunted.test>';
const SUPPORT_EMAIL = 'support@hunted.test';
const ADA = { id: 'user-ada', email: 'ada@example.com' };
const SOFIA = { id: 'user-sofia', email: 'sofia@example.com' };
const CLEO = { id: 'user-cleo', email: 'cleo@example.com' };
const CONVERSATION_RUN_PENDING = 'conversation-run-pending';
const CONVERSATION_RUN_EMAILED = 'conversation-run-emailed';
const UNREAD_SINCE_NUDGE = '00000000-0000-4000-8000-000000000001';
const UNREAD_BEFORE_NUDGE = '00000000-0000-4000-8000-000000000002';

/** How many of the service's migrations run up to and including the one ledger's (later ones follow it). */
const THROUGH_LEDGER = migrations.indexOf(OneEmailLedger1796300000000) + 1;

/** The service's migrations as its app runs them (the platform's outbox and inbox first), up to `last`. */
function migrationOptions(last: number): DataSourceOptions {
  return {
    type: 'postgres',
    url: TEST_DATABASE_URL,
    schema: SCHEMA,
    migrations: [...eventMigrations, ...migrations.slice(0, last)],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: { options: `-c search_path="${SCHEMA}"` },
  };
}

async function migrateTo(last: number): Promise<void> {
  const dataSource: DataSource = await openMigratedDataSource(TEST_DATABASE_URL, SCHEMA, migrationOptions(last));
  await dataSource.destroy();
}

interface LedgerRow {
  id: string;
  kind: string;
  recipient_role: string;
  recipient_user_id: string | null;
  facts: Record<string, unknown>;
  dedupe_key: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  message_id: string | null;
}

/**
 * The move into one email ledger (migration 1796300000000) on a schema that has every older ledger filled: each of
 * their emails is in `outbound_emails` in its state, the old tables and columns are gone, and the email job then
 * sends the pending ones, each once, and nothing else.
 */
describe('messaging: the move into one email ledger', () => {
  let db: pg.Client;
  let inbox: MailInbox;
  let service: RunningServiceApp<NestFastifyApplication> | undefined;
  /** Ids in the old ledgers, for the Message-IDs they keep. */
  const old: Record<string, string> = {};
  const sentAt = new Date('2026-11-20T09:30:00.000Z');

  const rows = async <Row extends object = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await db.query<Row & pg.QueryResultRow>(sql, params)).rows;
  const ledger = () => rows<LedgerRow>(`select * from outbound_emails order by id`);

  beforeAll(async () => {
    expect(THROUGH_LEDGER).toBeGreaterThan(0);
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    inbox = new MailInbox();
    await inbox.start();
    const env = loadConfig(testServiceEnv(SCHEMA));
    await dropTestSchema(env);
    await migrateTo(THROUGH_LEDGER - 1);

    await db.query(
      `insert into users (user_id, first_name, last_name, updated_at, email)
       values ($1, 'Ada', 'Lovelace', now(), $2), ($3, 'Sofia', 'Martinez', now(), $4), ($5, 'Cleo', 'Walker', now(), $6)`,
      [ADA.id, ADA.email, SOFIA.id, SOFIA.email, CLEO.id, CLEO.email],
    );
    // A booking email, already in the ledger: it keeps its row and id.
    const [booking] = await rows<{ id: string }>(
      `insert into outbound_emails (booking_id, kind, sequence, recipient_role, recipient_user_id, facts, send_at, status,
                                    attempts, sent_at)
       values ('booking-1', 'refund', 0, 'client', $1, '{"bookingId": "booking-1"}'::jsonb, $2, 'sent', 1, $2)
       returning id::text as id`,
      [ADA.id, sentAt],
    );
    old.booking = booking!.id;
    // Vetting emails: one sent, one pending (tried once before), one given up on.
    for (const [key, status, attempts, sent] of [
      ['vetting-sent', 'sent', 1, sentAt],
      ['vetting-pending', 'pending', 1, null],
      ['vetting-failed', 'failed', 12, null],
    ] as const) {
      const [row] = await rows<{ id: string }>(
        `insert into hunter_emails (event_id, hunter_id, recipient_user_id, decision, hunter_name, reason, status, attempts,
                                    last_error, sent_at)
         values ($1, 41, $2, 'reject', 'Sofia the Hunter', 'Add a real photo', $3, $4, $5, $6) returning id::text as id`,
        [key, SOFIA.id, status, attempts, status === 'sent' ? null : 'connect ECONNREFUSED', sent],
      );
      old[key] = row!.id;
    }
    // Hunter Edit emails: the same three states, and a Hunter's Pick email to the hunter.
    for (const [key, kind, status, recipient] of [
      ['edit-sent', 'edit_sent', 'sent', CLEO.id],
      ['edit-pending', 'publish_requested', 'pending', CLEO.id],
      ['edit-failed', 'edit_sent', 'failed', CLEO.id],
      ['pick-sent', 'pick_chosen', 'sent', SOFIA.id],
    ] as const) {
      const [row] = await rows<{ id: string }>(
        `insert into edit_emails (event_id, kind, edit_id, hunter_id, recipient_user_id, hunter_name, title, status,
                                  attempts, sent_at)
         values ($1, $2, $3, 41, $4, 'Sofia the Hunter', $5, $6, $7, $8) returning id::text as id`,
        [
          key,
          kind,
          kind === 'pick_chosen' ? null : 9,
          recipient,
          kind === 'pick_chosen' ? '2026-11-27' : 'Your autumn edit',
          status,
          status === 'pending' ? 0 : 1,
          status === 'sent' ? sentAt : null,
        ],
      );
      old[key] = row!.id;
    }
    // Contact submissions, their support emails in each state.
    for (const [key, status, attempts, sent] of [
      ['contact-sent', 'sent', 1, sentAt],
      ['contact-pending', 'pending', 2, null],
      ['contact-failed', 'failed', 12, null],
    ] as const) {
      const [row] = await rows<{ id: string }>(
        `insert into contact_submissions (name, email, subject, category, message, email_status, email_attempts,
                                          email_last_error, email_sent_at)
         values ('Ada Lovelace', $1, $2, 'general', 'We run a shop in Leeds and would like to talk.', $3, $4, $5, $6)
         returning id::text as id`,
        [ADA.email, `Contact form: ${key}`, status, attempts, status === 'sent' ? null : 'connect ECONNREFUSED', sent],
      );
      old[key] = row!.id;
    }
    // Unread-message emails. In the first conversation Sofia was emailed two hours ago and has a run of unread
    // messages since, begun twenty minutes ago, whose email has not gone (its old delayed job has no worker any
    // more). In the second Cleo was emailed five minutes ago about the run she still has not read.
    await db.query(
      `insert into conversations (id, client_user_id, hunter_id, hunter_user_id, client_unread, hunter_unread,
                                  client_nudged_at, hunter_nudged_at)
       values ($1, $2, 41, $3, 0, 1, null, now() - interval '2 hours'),
              ($4, $5, 41, $3, 1, 0, now() - interval '5 minutes', null)`,
      [CONVERSATION_RUN_PENDING, ADA.id, SOFIA.id, CONVERSATION_RUN_EMAILED, CLEO.id],
    );
    await db.query(
      `insert into messages (id, conversation_id, seq, sender_id, receiver_id, content, created_at)
       values ($1, $2, 1, $3, $4, 'Are you free on Friday?', now() - interval '20 minutes'),
              ($5, $6, 1, $4, $7, 'Here is the plan for Saturday', now() - interval '30 minutes')`,
      [UNREAD_SINCE_NUDGE, CONVERSATION_RUN_PENDING, ADA.id, SOFIA.id, UNREAD_BEFORE_NUDGE, CONVERSATION_RUN_EMAILED, CLEO.id],
    );

    await migrateTo(THROUGH_LEDGER);
  });

  afterAll(async () => {
    await service?.close();
    await inbox?.stop();
    await db?.end();
    // Started on the schema built here (not fresh), so its schema and Redis keys are removed here.
    await removeTestData(loadConfig(testServiceEnv(SCHEMA)));
  });

  it('moves every email of the old ledgers into outbound_emails in its state, and drops the old ones', async () => {
    const moved = await ledger();
    const byKey = new Map(moved.map((row) => [row.dedupe_key, row]));
    expect(moved).toHaveLength(1 + 3 + 4 + 3 + 3);
    expect(moved[0]).toMatchObject({ id: old.booking, kind: 'refund', status: 'sent', sent_at: sentAt, message_id: null });

    for (const [key, status] of [
      ['vetting-sent', 'sent'],
      ['vetting-pending', 'pending'],
      ['vetting-failed', 'failed'],
    ] as const) {
      expect(byKey.get(key), key).toMatchObject({
        kind: 'vetting_reject',
        recipient_role: 'hunter',
        recipient_user_id: SOFIA.id,
        facts: { hunterId: 41, decision: 'reject', hunterName: 'Sofia the Hunter', reason: 'Add a real photo' },
        status,
        message_id: `hunter-email-${old[key]}`,
      });
    }
    expect(byKey.get('vetting-sent')).toMatchObject({ sent_at: sentAt, attempts: 1, last_error: null });
    expect(byKey.get('vetting-pending')).toMatchObject({ sent_at: null, attempts: 1, last_error: 'connect ECONNREFUSED' });
    expect(byKey.get('vetting-failed')).toMatchObject({ sent_at: null, attempts: 12 });

    expect(byKey.get('edit-sent')).toMatchObject({
      kind: 'edit_sent',
      recipient_role: 'client',
      recipient_user_id: CLEO.id,
      facts: { editId: 9, hunterId: 41, hunterName: 'Sofia the Hunter', title: 'Your autumn edit' },
      status: 'sent',
      sent_at: sentAt,
      message_id: `edit-email-${old['edit-sent']}`,
    });
    expect(byKey.get('edit-pending')).toMatchObject({ kind: 'publish_requested', status: 'pending', sent_at: null });
    expect(byKey.get('edit-failed')).toMatchObject({ kind: 'edit_sent', status: 'failed' });
    expect(byKey.get('pick-sent')).toMatchObject({
      kind: 'pick_chosen',
      recipient_role: 'hunter',
      recipient_user_id: SOFIA.id,
      facts: { editId: null, title: '2026-11-27' },
      status: 'sent',
    });

    for (const [key, status, attempts] of [
      ['contact-sent', 'sent', 1],
      ['contact-pending', 'pending', 2],
      ['contact-failed', 'failed', 12],
    ] as const) {
      expect(byKey.get(old[key]!), key).toMatchObject({
        kind: 'contact_submission',
        recipient_role: 'support',
        recipient_user_id: null,
        facts: { submissionId: Number(old[key]) },
        status,
        attempts,
        sent_at: status === 'sent' ? sentAt : null,
      });
    }

    const nudges = moved.filter((row) => row.kind === 'message_nudge');
    expect(nudges.map(({ recipient_user_id, facts, status }) => ({ recipient_user_id, facts, status }))).toEqual(
      expect.arrayContaining([
        // Each side's last email, sent when the claim says.
        { recipient_user_id: SOFIA.id, facts: { conversationId: CONVERSATION_RUN_PENDING }, status: 'sent' },
        { recipient_user_id: CLEO.id, facts: { conversationId: CONVERSATION_RUN_EMAILED }, status: 'sent' },
        // The run begun after Sofia's last email: pending, once (keyed by the message that began it).
        {
          recipient_user_id: SOFIA.id,
          facts: { conversationId: CONVERSATION_RUN_PENDING, messageId: UNREAD_SINCE_NUDGE },
          status: 'pending',
        },
      ]),
    );
    expect(nudges).toHaveLength(3);
    expect(nudges.find((row) => row.status === 'pending')).toMatchObject({ dedupe_key: UNREAD_SINCE_NUDGE, recipient_role: 'hunter' });

    const [gone] = await rows<{ hunter_emails: string | null; edit_emails: string | null }>(
      `select to_regclass('hunter_emails')::text as hunter_emails, to_regclass('edit_emails')::text as edit_emails`,
    );
    expect(gone).toEqual({ hunter_emails: null, edit_emails: null });
    const columns = await rows<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = $1 and (table_name = 'contact_submissions' and column_name like 'email\\_%'
                                     or table_name = 'conversations' and column_name like '%nudged%')`,
      [SCHEMA],
    );
    expect(columns).toEqual([]);
  });

  it('keeps each email once in the database: a second row with the same kind and dedupe key is refused', async () => {
    const insertAgain = db.query(
      `insert into outbound_emails (kind, recipient_role, recipient_user_id, facts, send_at, dedupe_key)
       values ('vetting_reject', 'hunter', $1, '{}'::jsonb, now(), 'vetting-pending')`,
      [SOFIA.id],
    );
    await expect(insertAgain).rejects.toMatchObject({ code: '23505', constraint: 'outbound_emails_once_per_key' });
    const contactAgain = db.query(
      `insert into outbound_emails (kind, recipient_role, recipient_user_id, facts, send_at, dedupe_key)
       values ('contact_submission', 'support', null, '{}'::jsonb, now(), $1)`,
      [old['contact-pending']],
    );
    await expect(contactAgain).rejects.toMatchObject({ code: '23505' });
  });

  it('then sends the pending emails, each once, and none of the sent or failed ones', async () => {
    const config = loadConfig(
      testServiceEnv(SCHEMA, {
        SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
        MAIL_FROM,
        SUPPORT_EMAIL,
        PUBLIC_URL: 'https://hunted.test',
        BOOKING_EMAIL_SWEEP_MS: '300',
        CONTACT_EMAIL_SWEEP_MS: '300',
        MESSAGE_NUDGE_SWEEP_MS: '300',
      }),
    );
    service = await startServiceApp(createMessagingApp, config, { fresh: false });
    // Nothing queued these rows' jobs: the email job's sweep finds them due.
    await waitFor('the pending emails sent', async () => (await rows(`select 1 from outbound_emails where status = 'pending'`)).length === 0);

    // Two sweeps later, and with nothing waiting, delayed or running, nothing can send one again.
    const sweeps = vi.spyOn(service.app.get(EmailSendJob), 'pending');
    await waitFor('two sweeps', () => sweeps.mock.settledResults.length >= 2);
    sweeps.mockRestore();
    const queue = service.app.get<JobQueue<EmailSendData>>(emailSend.token);
    await waitFor('nothing left to run', async () => {
      const counts = await queue.jobCounts();
      return counts !== null && counts.waiting + counts.delayed + counts.active === 0;
    });

    expect(inbox.mails).toHaveLength(4);
    const [vetting] = inbox.withHeader('X-Hunted-Email-Kind', 'vetting_reject');
    expect(vetting!.to).toEqual([SOFIA.email]);
    // Tried before the move: the same Message-ID as that try.
    expect(vetting!.raw).toContain(`Message-ID: <hunter-email-${old['vetting-pending']}@hunted.test>`);
    const [edit] = inbox.withHeader('X-Hunted-Email-Kind', 'publish_requested');
    expect(edit!.to).toEqual([CLEO.email]);
    expect(edit!.raw).toContain(`Message-ID: <edit-email-${old['edit-pending']}@hunted.test>`);
    expect(inbox.withHeader('X-Hunted-Contact-Submission', old['contact-pending']!).map((mail) => mail.to)).toEqual([
      [SUPPORT_EMAIL],
    ]);
    const [nudge] = inbox.withHeader('X-Hunted-Conversation', CONVERSATION_RUN_PENDING);
    expect(nudge!.to).toEqual([SOFIA.email]);
    expect(inbox.withHeader('X-Hunted-Conversation', CONVERSATION_RUN_EMAILED)).toEqual([]);

    const states = await rows<{ dedupe_key: string; status: string }>(
      `select dedupe_key, status from outbound_emails where kind <> 'message_nudge' and booking_id is null order by id`,
    );
    expect(states.filter((row) => row.status === 'failed').map((row) => row.dedupe_key)).toEqual([
      'vetting-failed',
      'edit-failed',
      old['contact-failed'],
    ]);
    expect(states.every((row) => row.status === 'sent' || row.status === 'failed')).toBe(true);
  });
});

/** The way back (`down`): the old tables and columns again, each email in its state. */
describe('messaging: the move into one email ledger, undone', () => {
  const schema = `${SCHEMA}_down`;
  let db: pg.Client;

  const optionsFor = (last: number): DataSourceOptions => ({ ...migrationOptions(last), schema, extra: { options: `-c search_path="${schema}"` } });

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await db.connect();
    await db.query(`drop schema if exists "${schema}" cascade`);
    await (await openMigratedDataSource(TEST_DATABASE_URL, schema, optionsFor(THROUGH_LEDGER - 1))).destroy();
  });

  afterAll(async () => {
    await db?.query(`drop schema if exists "${schema}" cascade`);
    await db?.end();
  });

  it('puts every moved email back where it was, in its state', async () => {
    await db.query(`insert into users (user_id, first_name, last_name, updated_at, email) values ($1, 'Sofia', 'M', now(), $2)`, [
      SOFIA.id,
      SOFIA.email,
    ]);
    await db.query(
      `insert into hunter_emails (event_id, hunter_id, recipient_user_id, decision, hunter_name, reason, status, sent_at)
       values ('vetting-sent', 41, $1, 'approve', 'Sofia', null, 'sent', $2), ('vetting-pending', 41, $1, 'suspend', 'Sofia', 'Spam', 'pending', null)`,
      [SOFIA.id, new Date('2026-11-20T09:30:00.000Z')],
    );
    await db.query(
      `insert into edit_emails (event_id, kind, edit_id, hunter_id, recipient_user_id, hunter_name, title, status)
       values ('edit-failed', 'edit_sent', 9, 41, $1, 'Sofia', 'Autumn', 'failed')`,
      [SOFIA.id],
    );
    const [submission] = (
      await db.query<{ id: number }>(
        `insert into contact_submissions (name, email, subject, category, message, email_status, email_attempts)
         values ('Ada Lovelace', 'ada@example.com', 'A question', 'general', 'We run a shop in Leeds.', 'sent', 1) returning id`,
      )
    ).rows;
    await db.query(
      `insert into conversations (id, client_user_id, hunter_id, hunter_user_id, client_nudged_at) values ('c1', $1, 41, $2, $3)`,
      [ADA.id, SOFIA.id, new Date('2026-11-20T09:30:00.000Z')],
    );

    const migrator: DataSource = await openMigratedDataSource(TEST_DATABASE_URL, schema, optionsFor(THROUGH_LEDGER));
    try {
      await migrator.undoLastMigration();
    } finally {
      await migrator.destroy();
    }

    expect((await db.query(`select event_id, decision, reason, status, sent_at from hunter_emails order by id`)).rows).toEqual([
      { event_id: 'vetting-sent', decision: 'approve', reason: null, status: 'sent', sent_at: new Date('2026-11-20T09:30:00.000Z') },
      { event_id: 'vetting-pending', decision: 'suspend', reason: 'Spam', status: 'pending', sent_at: null },
    ]);
    expect((await db.query(`select event_id, kind, edit_id, title, status from edit_emails`)).rows).toEqual([
      { event_id: 'edit-failed', kind: 'edit_sent', edit_id: 9, title: 'Autumn', status: 'failed' },
    ]);
    expect((await db.query(`select email_status, email_attempts from contact_submissions where id = $1`, [submission!.id])).rows).toEqual([
      { email_status: 'sent', email_attempts: 1 },
    ]);
    expect((await db.query(`select client_nudged_at, hunter_nudged_at from conversations`)).rows).toEqual([
      { client_nudged_at: new Date('2026-11-20T09:30:00.000Z'), hunter_nudged_at: null },
    ]);
    expect((await db.query(`select count(*)::int as left from outbound_emails`)).rows).toEqual([{ left: 0 }]);
  });
});
