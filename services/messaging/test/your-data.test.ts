import { randomUUID } from 'node:crypto';
import type { DataExportPart, IntegrationEvent } from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import {
  startServiceApp,
  TEST_DATABASE_URL,
  testServiceEnv,
  tracesOf,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { EmailBodyRetentionJob } from '../src/your-data/email-body-retention.job.js';
import { MailInbox, mimeParts } from './mail-inbox.js';
import { callAs, member, OtherServices, type TestMember } from './support/conversation-world.js';

const SCHEMA = 'messaging_your_data_it';

/**
 * Messaging's side of "Your data, your say" (issue 36): the member's part of their export, the export-ready email,
 * the erasure of `identity.user.deleted` (proved with tracesOf) and the retention of sent emails' text.
 */
describe('messaging: your data', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let others: OtherServices;
  let inbox: MailInbox;
  let db: pg.Client;
  // Names no email text contains by chance: tracesOf matches them anywhere, case-insensitively.
  const xanthe = member('Xanthe Quillfeather');
  const sofia = member('Sofia Martinez');
  const grace = member('Grace Hopper');
  const exportId = randomUUID();
  const deletionId = randomUUID();
  let conversationId = '';

  const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as T[];
  const outboxCount = async (type: string) => (await rows(`select 1 from outbox where type = $1`, [type])).length;
  const partOf = (user: TestMember | null, id = exportId) =>
    callAs(service.base, user, `/api/account/data-exports/${id}/parts/messaging`);
  const fileOf = (part: DataExportPart, path: string) => {
    const file = part.files.find((f) => f.path === path);
    if (!file) throw new Error(`no ${path} in the part`);
    return Buffer.from(file.base64, 'base64').toString('utf8');
  };
  /** What the erasure touches, read whole: a second delivery must leave it exactly so. */
  const snapshot = async () => ({
    conversations: await rows(`select * from conversations order by id`),
    messages: await rows(`select * from messages order by id`),
    emails: await rows(`select id, kind, recipient_user_id, facts, subject, body_text, status from outbound_emails order by id`),
    contact: await rows(`select * from contact_submissions order by id`),
    users: await rows(`select * from users order by user_id`),
    bookings: await rows(`select * from booking_copies order by booking_id`),
    preferences: await rows(`select * from email_preferences order by user_id`),
  });

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    inbox = new MailInbox();
    await inbox.start();
    const env = testServiceEnv(SCHEMA, {
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      PUBLIC_URL: 'https://hunted.test',
      BOOKING_EMAIL_SWEEP_MS: '300',
      BOOKING_EMAIL_BACKOFF_MS: '150',
      BOOKING_EMAIL_COALESCE_MS: '0',
      MESSAGE_NUDGE_DELAY_MS: '300',
      MESSAGE_NUDGE_SWEEP_MS: '300',
      CONTACT_EMAIL_SWEEP_MS: '300',
    });
    others = new OtherServices(SCHEMA, env.REDIS_PREFIX!);
    for (const schema of others.schemas()) await db.query(`drop schema if exists ${schema} cascade`);
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await others.start();
    for (const user of [xanthe, sofia, grace]) await others.register(user);
    await others.hunterProfile(61, sofia, 'Sofia the Hunter');
    await waitFor('the copies', async () => (await rows(`select 1 from users where email is not null`)).length === 3);
    await others.publish('bookings.booking.confirmed', { ...others.booking(xanthe, 61, sofia), notes: 'Which colours suit me?' });
    await others.publish('bookings.booking.confirmed', others.booking(grace, 61, sofia));
    await waitFor('both conversations', async () => (await rows(`select 1 from conversations`)).length === 2);
    conversationId = (await rows<{ id: string }>(`select id from conversations where client_user_id = $1`, [xanthe.id]))[0]!.id;

    // Xanthe writes, Sofia answers and Xanthe reads it; Xanthe chooses her emails and writes to support.
    const sent = await callAs(service.base, xanthe, `/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      body: { content: 'Looking forward to it!', receiverId: sofia.id },
    });
    expect(sent.status).toBe(201);
    await callAs(service.base, sofia, `/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      body: { content: 'Me too, bring your favourite jacket.', receiverId: xanthe.id },
    });
    await callAs(service.base, xanthe, `/api/conversations/${conversationId}/read`, { method: 'POST', body: {} });
    await callAs(service.base, xanthe, '/api/email-preferences', { method: 'PUT', body: { news: true } });
    const contact = await callAs(service.base, null, '/api/contact', {
      method: 'POST',
      body: { name: 'Xanthe Quillfeather', email: xanthe.email, subject: 'About my booking', message: 'Can I bring a friend along?' },
    });
    expect(contact.status).toBe(201);
    await waitFor('the emails sent', async () => {
      const sentKinds = await rows<{ kind: string }>(`select kind from outbound_emails where status = 'sent'`);
      // Two confirmations per booking (client and hunter), Sofia's nudge about Xanthe's message, the support copy.
      return sentKinds.filter((row) => row.kind === 'confirmation').length === 4 && sentKinds.some((row) => row.kind === 'message_nudge')
        && sentKinds.some((row) => row.kind === 'contact_submission');
    });
  });

  afterAll(async () => {
    await others?.close();
    await service?.close();
    await inbox?.stop();
    for (const schema of others?.schemas() ?? []) await db.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it("builds the member's part: conversations with both sides' messages, emails, contact messages, preferences, README", async () => {
    await others.publish('identity.data-export.requested', { exportId, userId: xanthe.id });
    await waitFor('the part stored and announced', async () => (await outboxCount('messaging.data-export.part-ready')) === 1);
    const answer = await partOf(xanthe);
    expect(answer.status).toBe(200);
    const part = answer.body as DataExportPart;
    expect(part.files.map((file) => file.path).sort()).toEqual([
      'messaging/README.md',
      'messaging/contact-submissions.json',
      'messaging/conversations.json',
      'messaging/email-preferences.json',
      'messaging/emails.json',
    ]);
    expect(fileOf(part, 'messaging/README.md')).toContain('conversations.json');

    const [conversation] = JSON.parse(fileOf(part, 'messaging/conversations.json'));
    expect(conversation).toMatchObject({ id: conversationId, yourRole: 'client', hunterId: 61, with: 'Sofia the Hunter' });
    expect(conversation.messages.map((m: { from: string; content: string }) => [m.from, m.content])).toEqual([
      ['you', expect.stringContaining('Which colours suit me?')],
      ['you', 'Looking forward to it!'],
      ['them', 'Me too, bring your favourite jacket.'],
    ]);

    const emails: { kind: string; status: string; subject: string | null; sentAt: string | null; text: string | null }[] = JSON.parse(
      fileOf(part, 'messaging/emails.json'),
    );
    const confirmation = emails.find((email) => email.kind === 'confirmation')!;
    expect(confirmation).toMatchObject({ status: 'sent', subject: 'Booking confirmed: WhatsApp Video Call with Sofia the Hunter' });
    expect(confirmation.sentAt).toEqual(expect.any(String));
    expect(confirmation.text).toContain('Hi Xanthe,');
    // Only hers (Sofia's confirmation and the support copy are not in it), in whatever state they are.
    const hers = await rows<{ kind: string }>(`select kind from outbound_emails where recipient_user_id = $1`, [xanthe.id]);
    expect(emails.map((email) => email.kind).sort()).toEqual(hers.map((row) => row.kind).sort());
    expect(emails.map((email) => email.kind)).not.toContain('contact_submission');

    expect(JSON.parse(fileOf(part, 'messaging/contact-submissions.json'))).toEqual([
      expect.objectContaining({ name: 'Xanthe Quillfeather', email: xanthe.email, message: 'Can I bring a friend along?' }),
    ]);
    expect(JSON.parse(fileOf(part, 'messaging/email-preferences.json'))).toEqual({
      preferences: { 'message-nudges': true, 'review-requests': true, 'hunter-edits': true, 'hunters-pick': true, news: true },
      changedByYou: true,
    });

    // Anyone else's session, a guest, and an unknown export: nothing.
    expect((await partOf(grace)).status).toBe(404);
    expect((await partOf(null)).status).toBe(401);
    expect((await partOf(xanthe, randomUUID())).status).toBe(404);
  });

  it('emails the member once when the export is ready, with the link and the expiry in London time', async () => {
    const ready = (await others.publish('identity.data-export.ready', {
      exportId,
      userId: xanthe.id,
      expiresAt: '2026-12-10T12:00:00.000Z',
    })) as IntegrationEvent;
    await waitFor('the export-ready mail', () => inbox.withHeader('X-Hunted-Export', exportId).length === 1);
    await waitFor('its row sent', async () => (await rows(`select 1 from outbound_emails where kind = 'export_ready' and status = 'sent'`)).length === 1);
    await service.app.get(EventConsumer).apply(ready);
    await waitFor('the event handled', async () => (await rows(`select 1 from inbox where type = 'identity.data-export.ready'`)).length === 1);
    expect(await rows(`select kind, status, recipient_user_id from outbound_emails where kind = 'export_ready'`)).toEqual([
      { kind: 'export_ready', status: 'sent', recipient_user_id: xanthe.id },
    ]);
    const [mail] = inbox.withHeader('X-Hunted-Export', exportId);
    expect(mail!.to).toEqual([xanthe.email]);
    expect(mail!.raw).toContain('Subject: Your Hunted data is ready to download');
    const text = mimeParts(mail!.raw, 'text/plain')[0]?.body ?? mail!.raw;
    expect(text).toContain('https://hunted.test/edit-profile#your-data');
    expect(text).toContain('until Thursday, 10 December 2026 at 12:00 GMT');
    // Always sent: no unsubscribe header on it.
    expect(mail!.raw).not.toMatch(/^List-Unsubscribe:/im);
  });

  it("erases her: no trace of her id, address or name; Sofia still reads the thread from 'Former member'; applied once", async () => {
    const graceBefore = {
      conversation: await rows(`select * from conversations where client_user_id = $1`, [grace.id]),
      copies: await rows(`select * from booking_copies where client_user_id = $1`, [grace.id]),
      user: await rows(`select * from users where user_id = $1`, [grace.id]),
    };
    const deleted = (await others.publish('identity.user.deleted', { deletionId, userId: xanthe.id })) as IntegrationEvent;
    await waitFor('the erasure reported', async () => (await outboxCount('messaging.user-data.erased')) === 1);

    const dataSource = service.app.get(DataSource);
    // What the README's "Your data" says is kept holds none of it: the thread is kept under a former-member id.
    expect(await tracesOf(dataSource, SCHEMA, [xanthe.id, xanthe.email, 'Xanthe', 'Quillfeather'])).toEqual([]);
    expect(await rows(`select 1 from data_export_files`)).toEqual([]);
    expect(await rows(`select name, email, message from contact_submissions`)).toEqual([
      { name: 'Former member', email: 'former-member@erased.invalid', message: 'Can I bring a friend along?' },
    ]);

    const list = await callAs(service.base, sofia, '/api/conversations');
    const thread = list.body.find((c: { id: string }) => c.id === conversationId);
    expect(thread).toMatchObject({ otherName: 'Former member', otherImage: null, closed: true });
    expect(thread.otherUserId).toMatch(/^former-member-/);
    const messages = await callAs(service.base, sofia, `/api/conversations/${conversationId}/messages`);
    expect(messages.status).toBe(200);
    expect(messages.body.map((m: { content: string }) => m.content)).toEqual([
      expect.stringContaining('Which colours suit me?'),
      'Looking forward to it!',
      'Me too, bring your favourite jacket.',
    ]);
    expect(messages.body[0].senderId).toBe(thread.otherUserId);
    // Closed: nobody is there to answer.
    const reply = await callAs(service.base, sofia, `/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      body: { content: 'Hello?', receiverId: thread.otherUserId },
    });
    expect(reply.status).toBe(409);

    // Grace, another client of the same hunter, is untouched.
    expect({
      conversation: await rows(`select * from conversations where client_user_id = $1`, [grace.id]),
      copies: await rows(`select * from booking_copies where client_user_id = $1`, [grace.id]),
      user: await rows(`select * from users where user_id = $1`, [grace.id]),
    }).toEqual(graceBefore);

    // Delivered again, and re-sent by an admin's retry (a new event of the same deletion): nothing more changes.
    const before = await snapshot();
    await service.app.get(EventConsumer).apply(deleted);
    await others.publish('identity.user.deleted', { deletionId, userId: xanthe.id });
    await waitFor('the retry reported', async () => (await outboxCount('messaging.user-data.erased')) === 2);
    expect(await snapshot()).toEqual(before);
  });

  it("prunes the text of emails sent longer ago than EMAIL_BODY_RETENTION_DAYS, keeping the row's kind, state and time", async () => {
    const sofias = await rows<{ id: string }>(
      `select id::text as id from outbound_emails where recipient_user_id = $1 and status = 'sent' and body_text is not null order by id`,
      [sofia.id],
    );
    expect(sofias.length).toBeGreaterThanOrEqual(2);
    const [old, recent] = sofias as [{ id: string }, { id: string }];
    await db.query(`update outbound_emails set sent_at = now() - interval '91 days' where id = $1`, [old.id]);
    const before = await rows(`select id::text as id, kind, status, sent_at, subject from outbound_emails where id = $1`, [old.id]);

    expect(await service.app.get(EmailBodyRetentionJob).run()).toEqual({ pruned: 1 });
    expect(await rows(`select id::text as id, kind, status, sent_at, subject from outbound_emails where id = $1`, [old.id])).toEqual(before);
    const [pruned] = await rows<{ body_text: string | null; facts: unknown; body_pruned_at: Date | null }>(
      `select body_text, facts, body_pruned_at from outbound_emails where id = $1`,
      [old.id],
    );
    expect(pruned).toMatchObject({ body_text: null, facts: {} });
    expect(pruned!.body_pruned_at).toBeInstanceOf(Date);
    expect((await rows<{ body_text: string | null }>(`select body_text from outbound_emails where id = $1`, [recent.id]))[0]!.body_text).toEqual(
      expect.any(String),
    );
    // Run again: nothing left to prune.
    expect(await service.app.get(EmailBodyRetentionJob).run()).toEqual({ pruned: 0 });
  });

  it("erases a hunter's member: the client keeps the thread with 'Former member' as the hunter, and no trace is left", async () => {
    const graceThread = (await rows<{ id: string }>(`select id from conversations where client_user_id = $1`, [grace.id]))[0]!.id;
    await callAs(service.base, grace, `/api/conversations/${graceThread}/messages`, {
      method: 'POST',
      body: { content: 'See you on the day.', receiverId: sofia.id },
    });
    await others.publish('identity.user.deleted', { deletionId: randomUUID(), userId: sofia.id });
    await waitFor('her erasure reported', async () => (await outboxCount('messaging.user-data.erased')) === 3);

    const dataSource = service.app.get(DataSource);
    expect(await tracesOf(dataSource, SCHEMA, [sofia.id, sofia.email, 'Sofia', 'Martinez'])).toEqual([]);
    const [thread] = (await callAs(service.base, grace, '/api/conversations')).body;
    expect(thread).toMatchObject({ id: graceThread, hunterName: 'Former member', otherName: 'Former member', otherImage: null, closed: true });
    const messages = await callAs(service.base, grace, `/api/conversations/${graceThread}/messages`);
    expect(messages.body.map((m: { content: string }) => m.content)).toContain('See you on the day.');
    // Grace's own emails are still hers, without the hunter's name.
    expect((await rows(`select 1 from outbound_emails where recipient_user_id = $1`, [grace.id])).length).toBeGreaterThan(0);
  });
});
