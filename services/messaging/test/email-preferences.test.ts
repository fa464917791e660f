import { DEFAULT_EMAIL_PREFERENCES, UNSUBSCRIBE_LINK_INVALID } from '@hunted/contracts';
import type { JobRun } from '@hunted/platform';
import { startServiceApp, TEST_DATABASE_URL, testServiceEnv, waitFor, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { EmailSendJob, type EmailSendData } from '../src/mail/email-send.job.js';
import { unsubscribeToken } from '../src/mail/unsubscribe-token.js';
import { MailInbox, mimeParts, type ReceivedMail } from './mail-inbox.js';
import { callAs, member, OtherServices, type TestMember } from './support/conversation-world.js';

const SCHEMA = 'messaging_email_preferences_it';
const SECRET = 'the-preferences-test-secret-of-32-chars';

/** A mail's header value with its folded lines joined (RFC 5322 unfolding: the CRLF goes, the space stays). */
function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n(?=[ \t])/g, '');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
}

/** Which emails a member gets: the switches, the send-time check, the unsubscribe headers, footer and link. */
describe('messaging: email preferences and one-click unsubscribe', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let others: OtherServices;
  let inbox: MailInbox;
  let db: pg.Client;
  const ada = member('Ada Lovelace');
  const sofia = member('Sofia Martinez');
  const grace = member('Grace Hopper');
  const outcomes = new Map<string, { sent: boolean; skipped?: string; suppressed?: string }>();
  /** While set, the email job waits for it before it runs a nudge: the test turns the switch off in between. */
  let gate: Promise<void> | null = null;

  const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as T[];
  const send = (from: TestMember, conversationId: string, to: TestMember, content: string) =>
    callAs(service.base, from, `/api/conversations/${conversationId}/messages`, { method: 'POST', body: { content, receiverId: to.id } });
  const post = (path: string, body: string, contentType: string) =>
    fetch(`${service.base}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  async function conversationOf(client: TestMember): Promise<string> {
    await waitFor('the conversation', async () => (await rows(`select 1 from conversations where client_user_id = $1`, [client.id])).length === 1);
    return (await rows<{ id: string }>(`select id from conversations where client_user_id = $1`, [client.id]))[0]!.id;
  }
  async function nudgeRowOf(messageId: string): Promise<string> {
    await waitFor('the nudge row', async () => (await rows(`select 1 from outbound_emails where kind = 'message_nudge' and dedupe_key = $1`, [messageId])).length === 1);
    return (await rows<{ id: string }>(`select id::text as id from outbound_emails where kind = 'message_nudge' and dedupe_key = $1`, [messageId]))[0]!.id;
  }

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    inbox = new MailInbox();
    await inbox.start();
    const env = testServiceEnv(SCHEMA, {
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      PUBLIC_URL: 'https://hunted.test',
      MESSAGE_NUDGE_DELAY_MS: '300',
      MESSAGE_NUDGE_INTERVAL_MS: '60000',
      MESSAGE_NUDGE_SWEEP_MS: '300',
      UNSUBSCRIBE_TOKEN_SECRET: SECRET,
      UNSUBSCRIBE_MAILTO: 'unsubscribe@hunted.test',
    });
    others = new OtherServices(SCHEMA, env.REDIS_PREFIX!);
    for (const schema of others.schemas()) await db.query(`drop schema if exists ${schema} cascade`);
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await others.start();
    for (const user of [ada, sofia, grace]) await others.register(user);
    await others.publish('bookings.booking.confirmed', others.booking(ada, 51, sofia));
    await others.publish('bookings.booking.confirmed', others.booking(grace, 51, sofia));
    await waitFor('the addresses', async () => (await rows(`select 1 from users where email is not null`)).length === 3);
    const job = service.app.get(EmailSendJob);
    const run = job.run.bind(job);
    vi.spyOn(job, 'run').mockImplementation(async (planned: JobRun<EmailSendData>) => {
      if (gate) await gate;
      const outcome = await run(planned);
      outcomes.set(planned.data.emailId, outcome);
      return outcome;
    });
  });

  afterAll(async () => {
    await others?.close();
    await service?.close();
    await inbox?.stop();
    for (const schema of others?.schemas() ?? []) await db.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it('answers the defaults to a member who never chose, changes only what a PUT names, and refuses bad input', async () => {
    expect(await callAs(service.base, null, '/api/email-preferences')).toMatchObject({ status: 401 });
    expect(await callAs(service.base, grace, '/api/email-preferences')).toEqual({
      status: 200,
      body: { preferences: DEFAULT_EMAIL_PREFERENCES },
    });
    expect(await rows(`select 1 from email_preferences where user_id = $1`, [grace.id])).toEqual([]);

    const changed = await callAs(service.base, grace, '/api/email-preferences', { method: 'PUT', body: { 'review-requests': false, news: true } });
    expect(changed).toEqual({
      status: 200,
      body: { preferences: { ...DEFAULT_EMAIL_PREFERENCES, 'review-requests': false, news: true } },
    });
    await callAs(service.base, grace, '/api/email-preferences', { method: 'PUT', body: { news: false } });
    expect((await callAs(service.base, grace, '/api/email-preferences')).body.preferences).toEqual({
      ...DEFAULT_EMAIL_PREFERENCES,
      'review-requests': false,
      news: false,
    });

    const before = await rows(`select * from email_preferences where user_id = $1`, [grace.id]);
    const unknown = await callAs(service.base, grace, '/api/email-preferences', { method: 'PUT', body: { 'message-nudges': false, booking: false } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      '"booking" is not a kind of email you can turn off. The kinds are message-nudges, review-requests, hunter-edits, hunters-pick, news.',
    );
    const notBoolean = await callAs(service.base, grace, '/api/email-preferences', { method: 'PUT', body: { news: 'yes' } });
    expect(notBoolean).toMatchObject({ status: 400, body: { message: '"news" must be true or false.' } });
    const notObject = await callAs(service.base, grace, '/api/email-preferences', { method: 'PUT', body: [true] });
    expect(notObject).toMatchObject({ status: 400, body: { message: 'Send an object of email kinds, each true or false.' } });
    // Nothing half-written: the valid key beside the unknown one changed nothing.
    expect(await rows(`select * from email_preferences where user_id = $1`, [grace.id])).toEqual(before);
    expect(await callAs(service.base, null, '/api/email-preferences', { method: 'PUT', body: { news: true } })).toMatchObject({ status: 401 });
  });

  it('sends a nudge with List-Unsubscribe, the one-click header and the footer; its one-click POST turns nudges off', async () => {
    const id = await conversationOf(ada);
    const message = await send(ada, id, sofia, 'Are you free on Friday?');
    const emailId = await nudgeRowOf(message.body.id);
    await waitFor('the nudge sent', () => outcomes.get(emailId)?.sent === true);
    await waitFor('the mail received', () => inbox.withHeader('X-Hunted-Conversation', id).length === 1);
    const [mail] = inbox.withHeader('X-Hunted-Conversation', id);
    const token = unsubscribeToken(SECRET, { userId: sofia.id, kind: 'message-nudges' });
    expect(headerOf(mail!, 'List-Unsubscribe')).toBe(
      `<https://hunted.test/api/email-preferences/unsubscribe?token=${token}>, <mailto:unsubscribe@hunted.test?subject=unsubscribe%20${token}>`,
    );
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const text = mimeParts(mail!.raw, 'text/plain')[0]!.body;
    expect(text).toContain("You're getting this because message nudges are on for your Hunted account.");
    expect(text).toContain(`Unsubscribe from these emails: https://hunted.test/unsubscribe?token=${token}`);
    expect(text).toContain('Email preferences: https://hunted.test/edit-profile#email-preferences');
    const html = mimeParts(mail!.raw, 'text/html')[0]!.body;
    expect(html).toContain(`<a href="https://hunted.test/unsubscribe?token=${token}">Unsubscribe from these emails</a>`);
    expect(html).toContain('<a href="https://hunted.test/edit-profile#email-preferences">Email preferences</a>');
    // The ledger keeps what went, for the member's export.
    expect(await rows(`select subject, status from outbound_emails where id = $1`, [emailId])).toEqual([
      { subject: 'New message from Ada Lovelace', status: 'sent' },
    ]);

    // What a mail client does with those headers (RFC 8058): a POST of the form body to the https link, no session.
    const link = /<(https:\/\/[^>]+)>/.exec(headerOf(mail!, 'List-Unsubscribe')!)![1]!.replace('https://hunted.test', '');
    const oneClick = await post(link, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded');
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ kind: 'message-nudges', label: 'Message nudges', subscribed: false });
    expect((await callAs(service.base, sofia, '/api/email-preferences')).body.preferences).toEqual({
      ...DEFAULT_EMAIL_PREFERENCES,
      'message-nudges': false,
    });
    // The site's page sends JSON {}; and its way back turns them on again.
    const back = await post(`/api/email-preferences/resubscribe?token=${token}`, '{}', 'application/json');
    expect(await back.json()).toEqual({ kind: 'message-nudges', label: 'Message nudges', subscribed: true });
    const again = await post(`/api/email-preferences/unsubscribe?token=${token}`, '{}', 'application/json');
    expect(await again.json()).toMatchObject({ subscribed: false });
    expect((await callAs(service.base, sofia, '/api/email-preferences')).body.preferences['message-nudges']).toBe(false);
    await callAs(service.base, sofia, '/api/email-preferences', { method: 'PUT', body: { 'message-nudges': true } });
  });

  it('checks the switch when the email is due: planned while on, turned off before it goes, it is suppressed, not sent', async () => {
    const id = await conversationOf(grace);
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const message = await send(grace, id, sofia, 'Can we move to Saturday?');
    const emailId = await nudgeRowOf(message.body.id);
    expect(await rows(`select status from outbound_emails where id = $1`, [emailId])).toEqual([{ status: 'pending' }]);
    await callAs(service.base, sofia, '/api/email-preferences', { method: 'PUT', body: { 'message-nudges': false } });
    gate = null;
    release();
    await waitFor('the nudge job run', () => outcomes.has(emailId));
    expect(outcomes.get(emailId)).toEqual({ sent: false, suppressed: 'Message nudges turned off' });
    expect(await rows(`select status, skipped_reason, sent_at from outbound_emails where id = $1`, [emailId])).toEqual([
      { status: 'suppressed', skipped_reason: 'Message nudges turned off', sent_at: null },
    ]);
    expect(inbox.withHeader('X-Hunted-Conversation', id)).toEqual([]);
    await callAs(service.base, sofia, '/api/email-preferences', { method: 'PUT', body: { 'message-nudges': true } });
  });

  it('sends a GET of the link to the page with 303 and changes nothing', async () => {
    const token = unsubscribeToken(SECRET, { userId: grace.id, kind: 'hunter-edits' });
    const before = await rows(`select * from email_preferences order by user_id`);
    const response = await fetch(`${service.base}/api/email-preferences/unsubscribe?token=${token}`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/unsubscribe?token=${token}`);
    expect(await rows(`select * from email_preferences order by user_id`)).toEqual(before);
  });

  it('refuses a forged or altered token, one for a member it does not know, and one for an erased member: nothing changes', async () => {
    const valid = unsubscribeToken(SECRET, { userId: ada.id, kind: 'review-requests' });
    const [payload, mac] = valid.split('.') as [string, string];
    const otherPayload = Buffer.from(JSON.stringify({ u: grace.id, k: 'review-requests' })).toString('base64url');
    const bad = [
      unsubscribeToken('a-different-secret-of-32-characters-long', { userId: ada.id, kind: 'review-requests' }),
      `${otherPayload}.${mac}`,
      `${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
      'not-a-token',
      unsubscribeToken(SECRET, { userId: 'user-nobody-here', kind: 'review-requests' }),
    ];
    const before = await rows(`select * from email_preferences order by user_id`);
    for (const token of [...bad, undefined]) {
      const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
      const response = await post(`/api/email-preferences/unsubscribe${query}`, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded');
      expect(response.status, token).toBe(400);
      expect(await response.json()).toMatchObject({ message: UNSUBSCRIBE_LINK_INVALID, code: 'UNSUBSCRIBE_LINK_INVALID' });
    }
    expect(await rows(`select * from email_preferences order by user_id`)).toEqual(before);

    // Ada deletes her account: her links stop working and nothing is written for her.
    await others.publish('identity.user.deleted', { deletionId: randomUUID(), userId: ada.id });
    await waitFor('the erasure', async () => (await rows(`select 1 from users where user_id = $1`, [ada.id])).length === 0);
    const erased = await post(`/api/email-preferences/unsubscribe?token=${valid}`, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded');
    expect(erased.status).toBe(400);
    expect(await erased.json()).toMatchObject({ message: UNSUBSCRIBE_LINK_INVALID });
    expect(await rows(`select 1 from email_preferences where user_id = $1`, [ada.id])).toEqual([]);
  });
});
