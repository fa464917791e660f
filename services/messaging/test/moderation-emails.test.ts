import type { IntegrationEvent, ModerationDecidedV1 } from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import { startServiceApp, TEST_DATABASE_URL, testServiceEnv, waitFor, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { MailInbox, mimeParts, type ReceivedMail } from './mail-inbox.js';
import { member, OtherServices } from './support/conversation-world.js';

const SCHEMA = 'messaging_moderation_emails_it';

/**
 * The emails of moderation decisions (issue 37 item 8), through the real consumer: brands' and reviews'
 * `moderation.decided` events published on their streams, the ledger's rows, and the mails as an SMTP server gets them.
 */
describe('messaging: moderation emails', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let others: OtherServices;
  let inbox: MailInbox;
  let db: pg.Client;

  const author = member('Ada Lovelace');
  const reporter = member('Grace Hopper');
  const second = member('Sofia Martinez');
  const leaver = member('Lena Gone');

  const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as T[];
  const subjectOf = (mail: ReceivedMail) => /\r\nSubject: ([^\r\n]*)/.exec(`\r\n${mail.raw}`)?.[1];
  const textOf = (mail: ReceivedMail) => mimeParts(mail.raw, 'text/plain')[0]!.body;
  const mailsOf = (kind: string, itemId: number, action: string) => inbox.withHeader('X-Hunted-Moderation', `${kind}/${itemId}/${action}`);
  const mailTo = (mails: ReceivedMail[], email: string) => mails.filter((mail) => mail.to.includes(email));

  async function applied(event: IntegrationEvent): Promise<void> {
    await waitFor('the decision applied', async () => (await rows(`select 1 from inbox where event_id = $1`, [event.id])).length === 1);
  }

  /** The ledger's rows of a decision event: each member it wrote to. */
  const ledgerOf = (event: IntegrationEvent) =>
    rows<{ kind: string; recipient_user_id: string }>(
      `select kind, recipient_user_id from outbound_emails where dedupe_key like $1 order by kind, recipient_user_id`,
      [`${event.id}:%`],
    );

  function decided(
    service: 'brands' | 'reviews',
    decision: Partial<ModerationDecidedV1> & Pick<ModerationDecidedV1, 'kind' | 'itemId' | 'action'>,
  ) {
    const data: ModerationDecidedV1 = {
      reason: null,
      authorUserId: author.id,
      reporterUserIds: [reporter.id],
      itemTitle: 'Fen & Fable',
      noticePath: `/moderation/${decision.kind}/${decision.itemId}`,
      ...decision,
    };
    return service === 'brands' ? others.publish('brands.moderation.decided', data) : others.publish('reviews.moderation.decided', data);
  }

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
    });
    others = new OtherServices(SCHEMA, env.REDIS_PREFIX!, ['identity', 'brands', 'reviews']);
    for (const schema of others.schemas()) await db.query(`drop schema if exists ${schema} cascade`);
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await others.start();
    for (const user of [author, reporter, second, leaver]) await others.register(user);
    await waitFor('the users copied', async () => (await rows(`select 1 from users where email is not null`)).length === 4);
  });

  afterAll(async () => {
    await others?.close();
    await service?.close();
    await inbox?.stop();
    for (const schema of others?.schemas() ?? []) await db.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it('tells the author of a hidden brand why, with the link to appeal once, and thanks its reporters', async () => {
    const event = await decided('brands', {
      kind: 'brand',
      itemId: 7,
      action: 'hidden',
      reason: 'Counterfeit goods',
      reporterUserIds: [reporter.id, second.id, reporter.id],
    });
    await applied(event);
    expect(await ledgerOf(event)).toEqual(
      [
        { kind: 'moderation_author', recipient_user_id: author.id },
        { kind: 'moderation_reporter', recipient_user_id: reporter.id },
        { kind: 'moderation_reporter', recipient_user_id: second.id },
      ].sort((a, b) => a.kind.localeCompare(b.kind) || a.recipient_user_id.localeCompare(b.recipient_user_id)),
    );
    await waitFor('three mails', async () => mailsOf('brand', 7, 'hidden').length === 3);
    const [toAuthor] = mailTo(mailsOf('brand', 7, 'hidden'), author.email);
    expect(subjectOf(toAuthor!)).toBe('We have hidden your brand on Hunted');
    const text = textOf(toAuthor!);
    expect(text).toContain('Hi Ada,');
    expect(text).toContain('your brand “Fen & Fable”');
    expect(text).toContain('Why: Counterfeit goods');
    expect(text).toContain('you may appeal once at https://hunted.test/moderation/brand/7');
    const [toReporter] = mailTo(mailsOf('brand', 7, 'hidden'), reporter.email);
    expect(subjectOf(toReporter!)).toBe('Thank you: we hid what you reported');
    expect(textOf(toReporter!)).toContain('has hidden it from Hunted');
    // Reporters are not told the author's name nor the appeal link.
    expect(textOf(toReporter!)).not.toContain('/moderation/');
  });

  it('tells the author of a review when it is shown again or their appeal is rejected (final), and a reporter when it stays up', async () => {
    const restored = await decided('reviews', { kind: 'brand-review', itemId: 31, action: 'restored', itemTitle: 'Review of Fen & Fable' });
    const rejected = await decided('reviews', {
      kind: 'comment',
      itemId: 32,
      action: 'appeal-rejected',
      reason: 'It names a private person',
      reporterUserIds: [],
    });
    const dismissed = await decided('reviews', {
      kind: 'hunter-review',
      itemId: 33,
      action: 'dismissed',
      reason: 'it is an honest opinion',
    });
    const dismissedBare = await decided('reviews', { kind: 'comment', itemId: 34, action: 'dismissed' });
    for (const event of [restored, rejected, dismissed, dismissedBare]) await applied(event);
    // A restore and an appeal's rejection go to the author only; a dismissal to the reporters only.
    expect((await ledgerOf(restored)).map((row) => row.kind)).toEqual(['moderation_author']);
    expect((await ledgerOf(rejected)).map((row) => row.kind)).toEqual(['moderation_author']);
    expect(await ledgerOf(dismissed)).toEqual([{ kind: 'moderation_reporter', recipient_user_id: reporter.id }]);

    await waitFor('the four mails', async () =>
      [mailsOf('brand-review', 31, 'restored'), mailsOf('comment', 32, 'appeal-rejected'), mailsOf('hunter-review', 33, 'dismissed'), mailsOf('comment', 34, 'dismissed')].every(
        (mails) => mails.length === 1,
      ),
    );
    const restoredMail = mailsOf('brand-review', 31, 'restored')[0]!;
    expect(subjectOf(restoredMail)).toBe('Your review is shown on Hunted again');
    expect(textOf(restoredMail)).toContain('your review “Review of Fen & Fable”: it is shown on Hunted again');
    const rejectedText = textOf(mailsOf('comment', 32, 'appeal-rejected')[0]!);
    expect(rejectedText).toContain('it stays hidden');
    expect(rejectedText).toContain('Why: It names a private person');
    expect(rejectedText).toContain('This decision is final');
    expect(textOf(mailsOf('hunter-review', 33, 'dismissed')[0]!)).toContain('it stays up, because it is an honest opinion');
    expect(textOf(mailsOf('comment', 34, 'dismissed')[0]!)).toContain('it stays up.');
  });

  it('writes to nobody deleted (author or reporter), and once however often the decision is delivered', async () => {
    const deletionId = '00000000-0000-4000-8000-000000000037';
    await others.publish('identity.user.deleted', { deletionId, userId: leaver.id });
    await waitFor('the leaver erased', async () => (await rows(`select 1 from users where user_id = $1`, [leaver.id])).length === 0);

    const event = await decided('reviews', {
      kind: 'comment',
      itemId: 40,
      action: 'hidden',
      reason: 'Spam',
      authorUserId: null,
      reporterUserIds: [leaver.id, second.id],
    });
    await applied(event);
    expect(await ledgerOf(event)).toEqual([{ kind: 'moderation_reporter', recipient_user_id: second.id }]);

    // The same event again (a redelivery past the inbox): the ledger's once-key writes nothing more.
    const consumer = service.app.get(EventConsumer);
    await consumer.apply(event);
    await db.query(`delete from inbox where event_id = $1`, [event.id]);
    await consumer.apply(event);
    expect(await ledgerOf(event)).toEqual([{ kind: 'moderation_reporter', recipient_user_id: second.id }]);
    await waitFor('the one mail', async () => mailsOf('comment', 40, 'hidden').length === 1);
    const { rows: sent } = await db.query(`select status from outbound_emails where dedupe_key like $1`, [`${event.id}:%`]);
    await waitFor('sent', async () => (await rows(`select 1 from outbound_emails where dedupe_key like $1 and status = 'sent'`, [`${event.id}:%`])).length === 1);
    expect(sent).toHaveLength(1);
    expect(mailsOf('comment', 40, 'hidden')).toHaveLength(1);
  });
});
