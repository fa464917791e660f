import {
  PrivateRedis,
  startServiceApp,
  TEST_DATABASE_URL,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { MessageNudgeFacts } from '../src/conversations/message-nudge-email.js';
import { EmailSendJob } from '../src/mail/email-send.job.js';
import { callAs, member, OtherServices, type TestMember } from './support/conversation-world.js';
import { MailInbox, mimeParts } from './mail-inbox.js';

const SCHEMA = 'messaging_nudge_it';

/** The email about messages left unread: after the delay, once per run and per interval, never once read. */
describe('messaging: the unread-message email', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let others: OtherServices;
  let inbox: MailInbox;
  let db: pg.Client;
  const ada = member('Ada Lovelace');
  const sofia = member('Sofia Martinez');
  const grace = member('Grace Hopper');

  const send = (from: TestMember, conversationId: string, to: TestMember, content: string) =>
    callAs(service.base, from, `/api/conversations/${conversationId}/messages`, { method: 'POST', body: { content, receiverId: to.id } });
  const nudgesAbout = (conversationId: string) => inbox.withHeader('X-Hunted-Conversation', conversationId);
  /**
   * Every finished run of the email job on an unread-message email (its ledger row's facts), with what it decided,
   * and how many sweeps asked for due ones.
   */
  const runs: { data: MessageNudgeFacts; outcome: { sent: boolean; skipped?: string } }[] = [];
  let sweeps = 0;
  /** Conversations whose email jobs wait for the test before they run (so "before the delay" cannot be lost). */
  const held = new Map<string, Promise<void>>();
  /** Resolves with the outcome of the first run of the job planned for `messageId` (the one that began a run). */
  async function runFor(messageId: string): Promise<{ sent: boolean; skipped?: string }> {
    await waitFor(`the email's job for message ${messageId} to run`, () => runs.some((run) => run.data.messageId === messageId));
    return runs.find((run) => run.data.messageId === messageId)!.outcome;
  }
  /** Two sweeps after now: any due run without an email would have had its job added and run by then. */
  async function afterTwoSweeps(): Promise<void> {
    const target = sweeps + 2;
    await waitFor('two more sweeps', () => sweeps >= target);
  }
  async function conversationOf(client: TestMember): Promise<string> {
    let id: string | undefined;
    await waitFor('the conversation', async () => {
      id = (await db.query(`select id from conversations where client_user_id = $1`, [client.id])).rows[0]?.id;
      return id !== undefined;
    });
    return id!;
  }

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    inbox = new MailInbox();
    await inbox.start();
    const env = testServiceEnv(SCHEMA, {
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      PUBLIC_URL: 'https://hunted.test',
      MESSAGE_NUDGE_DELAY_MS: '600',
      MESSAGE_NUDGE_INTERVAL_MS: '60000',
      MESSAGE_NUDGE_SWEEP_MS: '300',
    });
    others = new OtherServices(SCHEMA, env.REDIS_PREFIX!);
    for (const schema of others.schemas()) await db.query(`drop schema if exists ${schema} cascade`);
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await others.start();
    for (const user of [ada, sofia, grace]) await others.register(user);
    await others.publish('bookings.booking.confirmed', others.booking(ada, 41, sofia));
    await others.publish('bookings.booking.confirmed', others.booking(grace, 41, sofia));
    await waitFor('the addresses', async () => (await db.query(`select 1 from users where email is not null`)).rowCount === 3);
    const job = service.app.get(EmailSendJob);
    const run = job.run.bind(job);
    const pending = job.pending.bind(job);
    vi.spyOn(job, 'run').mockImplementation(async (planned) => {
      const [nudge] = (
        await db.query<{ facts: MessageNudgeFacts }>(`select facts from outbound_emails where id = $1 and kind = 'message_nudge'`, [
          planned.data.emailId,
        ])
      ).rows;
      if (!nudge) return run(planned);
      await held.get(nudge.facts.conversationId);
      const outcome = await run(planned);
      runs.push({ data: nudge.facts, outcome });
      return outcome;
    });
    vi.spyOn(job, 'pending').mockImplementation(async () => {
      const due = await pending();
      sweeps += 1;
      return due;
    });
  });

  afterAll(async () => {
    await others?.close();
    await service?.close();
    await inbox?.stop();
    for (const schema of others?.schemas() ?? []) await db.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it('emails the receiver once when a message stays unread, linking to the conversation', async () => {
    const id = await conversationOf(ada);
    const first = await send(ada, id, sofia, 'Are you free on Friday?');
    await send(ada, id, sofia, 'Or Saturday morning?');
    expect(await runFor(first.body.id)).toEqual({ sent: true });
    // The second message continues the run its first began: no email of its own, and no sweep finds one due.
    await afterTwoSweeps();
    expect(runs.filter((run) => run.data.conversationId === id)).toHaveLength(1);
    expect(
      (await db.query(`select 1 from outbound_emails where kind = 'message_nudge' and facts ->> 'conversationId' = $1`, [id])).rowCount,
    ).toBe(1);
    const [mail] = nudgesAbout(id);
    expect(nudgesAbout(id)).toHaveLength(1);
    expect(mail!.to).toEqual([sofia.email]);
    expect(mail!.raw).toContain('Subject: New message from Ada Lovelace');
    const text = mimeParts(mail!.raw, 'text/plain')[0]?.body ?? mail!.raw;
    expect(text).toContain(`https://hunted.test/messages?conversation=${id}`);
    expect(text).toContain('Are you free on Friday?');

    // Read, then a new run of unread messages within the hour: no second email.
    await callAs(service.base, sofia, `/api/conversations/${id}/read`, { method: 'POST', body: {} });
    const again = await send(ada, id, sofia, 'Just checking in');
    expect(await runFor(again.body.id)).toEqual({ sent: false, skipped: 'emailed about this conversation recently' });
    await afterTwoSweeps();
    expect(nudgesAbout(id)).toHaveLength(1);
  });

  it('sends nothing about a message read before the delay', async () => {
    const id = await conversationOf(grace);
    // Its job is held until the message has been read: the read is before the job however slow the machine, as a
    // read within the delay is.
    let readNow: () => void = () => undefined;
    held.set(id, new Promise<void>((resolve) => (readNow = resolve)));
    const question = await send(grace, id, sofia, 'Quick question');
    await callAs(service.base, sofia, `/api/conversations/${id}/read`, { method: 'POST', body: {} });
    readNow();
    // The job finds the message read; no sweep finds a run of unread messages since.
    expect(await runFor(question.body.id)).toEqual({ sent: false, skipped: 'read' });
    await afterTwoSweeps();
    expect(nudgesAbout(id)).toEqual([]);
  });
});

/** Redis away when the message is sent: the job is never added, and the sweep queues the email once Redis is back. */
describe('messaging: the unread-message email with Redis away', () => {
  const redis = new PrivateRedis();
  const schema = `${SCHEMA}_outage`;
  let service: RunningServiceApp<NestFastifyApplication>;
  let inbox: MailInbox;
  let db: pg.Client;
  const ada = member('Ada Lovelace');
  const sofia = member('Sofia Martinez');
  const conversationId = crypto.randomUUID();

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await db.connect();
    inbox = new MailInbox();
    await inbox.start();
    await redis.start();
    const env = testServiceEnv(schema, {
      REDIS_URL: redis.url,
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      MESSAGE_NUDGE_DELAY_MS: '300',
      MESSAGE_NUDGE_SWEEP_MS: '300',
    });
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await db.query(`insert into users (user_id, first_name, last_name, updated_at, email) values ($1, 'Sofia', 'Martinez', now(), $2), ($3, 'Ada', 'Lovelace', now(), $4)`, [sofia.id, sofia.email, ada.id, ada.email]);
    await db.query(`insert into conversations (id, client_user_id, hunter_id, hunter_user_id) values ($1, $2, 41, $3)`, [conversationId, ada.id, sofia.id]);
  });

  afterAll(async () => {
    await service?.close();
    await redis.destroy();
    await inbox?.stop();
    await db?.end();
  });

  it('sends the email once Redis is back', async () => {
    await redis.stop();
    const warnings = vi.spyOn(Logger.prototype, 'warn');
    const sent = await callAs(service.base, ada, `/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      body: { content: 'Sent during the outage', receiverId: sofia.id },
    });
    expect(sent.status).toBe(201);
    // Written with the message; its job was never added (Redis did not take it in its 2 s), and no sweep runs
    // while Redis is away.
    const [row] = (
      await db.query<{ id: string; status: string }>(
        `select id::text as id, status from outbound_emails where kind = 'message_nudge' and facts ->> 'conversationId' = $1`,
        [conversationId],
      )
    ).rows;
    expect(row?.status).toBe('pending');
    await waitFor('the email given up on until Redis is back', () =>
      warnings.mock.calls.some((call) => String(call[0]).startsWith(`job email-${row!.id} not added yet`)),
    );
    warnings.mockRestore();
    expect(inbox.withHeader('X-Hunted-Conversation', conversationId)).toEqual([]);
    await redis.start();
    await waitFor('the email after the outage', () => inbox.withHeader('X-Hunted-Conversation', conversationId).length === 1, 15_000);
  });
});
