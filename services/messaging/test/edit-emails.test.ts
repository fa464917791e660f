import type { EventPayload, IntegrationEvent } from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import {
  startServiceApp,
  TEST_DATABASE_URL,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { MailInbox, mimeParts, type ReceivedMail } from './mail-inbox.js';
import { member, OtherServices } from './support/conversation-world.js';

const SCHEMA = 'messaging_edit_emails_it';

/**
 * Hunter Edits' emails (issue 25): `hunters.edit.sent` tells the client an edit arrived, and
 * `hunters.edit.publish-requested` asks them to consent, each once per event and linking to My bookings.
 */
describe('messaging: Hunter Edit emails', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let others: OtherServices;
  let inbox: MailInbox;
  let db: pg.Client;

  const cleo = member('Cleo Client');
  const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await db.query(sql, params)).rows as T[];
  const mailsAbout = (editId: number): ReceivedMail[] => inbox.withHeader('X-Hunted-Edit', String(editId));
  const subjectOf = (mail: ReceivedMail) => /\r\nSubject: ([^\r\n]*)/.exec(`\r\n${mail.raw}`)?.[1];
  const textOf = (mail: ReceivedMail) => mimeParts(mail.raw, 'text/plain')[0]!.body;

  const sent = (editId: number, clientUserId: string): EventPayload<'hunters.edit.sent'> => ({
    editId,
    bookingId: `0d8f6a2e-2525-4c1e-9d7e-${String(editId).padStart(12, '0')}`,
    hunterId: 61,
    hunterName: 'Sofia the Hunter',
    clientUserId,
    title: 'Your autumn edit',
    itemCount: 3,
  });

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    inbox = new MailInbox();
    await inbox.start();
    const env = testServiceEnv(SCHEMA, {
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      MAIL_FROM: 'Hunted Test <no-reply@hunted.test>',
      PUBLIC_URL: 'https://hunted.test',
      BOOKING_EMAIL_ATTEMPTS: '30',
      BOOKING_EMAIL_BACKOFF_MS: '150',
      BOOKING_EMAIL_SWEEP_MS: '300',
      BOOKING_EMAIL_COALESCE_MS: '0',
    });
    others = new OtherServices(SCHEMA, env.REDIS_PREFIX!);
    for (const schema of others.schemas()) await db.query(`drop schema if exists ${schema} cascade`);
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await others.start();
    await others.register(cleo);
    await waitFor('the member copy', async () => (await rows(`select 1 from users where email is not null`)).length === 1);
  });

  afterAll(async () => {
    await others?.close();
    await service?.close();
    await inbox?.stop();
    for (const schema of others?.schemas() ?? []) await db.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it('emails the client once per event: the edit, then the request to publish it; an unknown member gets none', async () => {
    const events: IntegrationEvent[] = [
      (await others.publish('hunters.edit.sent', sent(4, cleo.id))) as IntegrationEvent,
      (await others.publish('hunters.edit.publish-requested', {
        editId: 4,
        bookingId: sent(4, cleo.id).bookingId,
        hunterId: 61,
        hunterName: 'Sofia the Hunter',
        clientUserId: cleo.id,
        title: 'Your autumn edit',
      })) as IntegrationEvent,
    ];
    await others.publish('hunters.edit.sent', sent(5, 'user-nobody-known'));
    await waitFor('both emails sent', async () => (await rows(`select 1 from outbound_emails where kind in ('edit_sent', 'publish_requested') and status = 'sent'`)).length === 2);
    // Every event delivered again: nothing more is written or sent.
    const consumer = service.app.get(EventConsumer);
    for (const event of events) await consumer.apply(event);
    await waitFor(
      'the edit events handled',
      async () => (await rows(`select 1 from inbox where type like 'hunters.edit.%'`)).length >= 3,
    );

    expect(await rows(`select kind, (facts ->> 'editId')::int as edit_id, recipient_user_id, status from outbound_emails
          where kind in ('edit_sent', 'publish_requested', 'pick_chosen') order by id`)).toEqual([
      { kind: 'edit_sent', edit_id: 4, recipient_user_id: cleo.id, status: 'sent' },
      { kind: 'publish_requested', edit_id: 4, recipient_user_id: cleo.id, status: 'sent' },
    ]);
    await waitFor('the mails received', async () => mailsAbout(4).length === 2);
    const mails = mailsAbout(4);
    expect(mails.every((mail) => mail.to.length === 1 && mail.to[0] === cleo.email)).toBe(true);
    expect(mails.map(subjectOf).sort()).toEqual([
      'Sofia the Hunter sent you an edit: Your autumn edit',
      'Sofia the Hunter would like to publish your edit',
    ]);
    for (const mail of mails) {
      expect(textOf(mail)).toContain('Hi Cleo,');
      expect(textOf(mail)).toContain('https://hunted.test/my-bookings#edits');
    }
    expect(mailsAbout(5)).toEqual([]);
  });

  it("emails the day's Hunter's Pick hunter once, and nobody for an unclaimed hunter", async () => {
    const sofia = member('Sofia Picker');
    await others.register(sofia);
    await waitFor('the hunter copy', async () => (await rows(`select 1 from users where user_id = $1 and email is not null`, [sofia.id])).length === 1);
    const chosen = (await others.publish('hunters.pick.chosen', { hunterId: 62, userId: sofia.id, hunterName: 'Sofia Picker', day: '2026-11-27' })) as IntegrationEvent;
    await others.publish('hunters.pick.chosen', { hunterId: 63, userId: null, hunterName: 'Demo Hunter', day: '2026-11-28' });
    const picks = () => inbox.withHeader('X-Hunted-Email-Kind', 'pick_chosen');
    await waitFor('the pick email', async () => picks().length === 1);
    await service.app.get(EventConsumer).apply(chosen);
    await waitFor('both pick events handled', async () => (await rows(`select 1 from inbox where type = 'hunters.pick.chosen'`)).length === 2);
    expect(await rows(`select kind, (facts ->> 'editId')::int as edit_id, recipient_user_id, facts ->> 'title' as title
         from outbound_emails where kind = 'pick_chosen'`)).toEqual([
      { kind: 'pick_chosen', edit_id: null, recipient_user_id: sofia.id, title: '2026-11-27' },
    ]);
    const [mail] = picks();
    expect(mail!.to).toEqual([sofia.email]);
    expect(subjectOf(mail!)).toBe("Today is your Hunter's Pick");
    expect(textOf(mail!)).toContain('https://hunted.test/hunter-dashboard');
  });
});
