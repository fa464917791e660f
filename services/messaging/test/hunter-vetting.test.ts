import type { HunterDecisionKind, HunterHistoryEntryKind, HunterStatus, IntegrationEvent } from '@hunted/contracts';
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
import { callAs, member, OtherServices, type TestMember } from './support/conversation-world.js';

const SCHEMA = 'messaging_hunter_vetting_it';
const CLOSED = 'This conversation is closed';

describe('messaging: hunter vetting', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let others: OtherServices;
  let inbox: MailInbox;
  let db: pg.Client;

  const ada = member('Ada Lovelace');
  const grace = member('Grace Hopper');
  const sofia = member('Sofia Martinez');
  const pat = member('Pat Pending');
  const SOFIA_HUNTER = 61;
  const PAT_HUNTER = 62;

  const call = (user: TestMember | null, path: string, init?: { method?: string; body?: unknown }) =>
    callAs(service.base, user, path, init);
  const send = (user: TestMember, conversationId: string, content: string, receiverId: string) =>
    call(user, `/api/conversations/${conversationId}/messages`, { method: 'POST', body: { content, receiverId } });
  const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await db.query(sql, params)).rows as T[];

  async function statusOf(hunterId: number, status: HunterStatus): Promise<void> {
    await waitFor(`hunter ${hunterId} ${status}`, async () => {
      const [copy] = await rows<{ status: string }>(`select status from hunters where hunter_id = $1`, [hunterId]);
      return copy?.status === status;
    });
  }

  async function copied(bookingId: string): Promise<void> {
    await waitFor(
      'the booking copied',
      async () => (await rows(`select 1 from bookings where booking_id = $1`, [bookingId])).length === 1,
    );
  }

  async function conversationOf(client: TestMember, hunterId: number): Promise<string> {
    let id: string | undefined;
    await waitFor(`the conversation of ${client.firstName}`, async () => {
      [{ id } = { id: undefined }] = await rows<{ id: string }>(
        `select id from conversations where client_user_id = $1 and hunter_id = $2`,
        [client.id, hunterId],
      );
      return id !== undefined;
    });
    return id!;
  }

  function vetted(
    hunterId: number,
    user: TestMember | null,
    decision: HunterHistoryEntryKind,
    reason: string | null,
  ) {
    const to: Record<HunterHistoryEntryKind, HunterStatus> = {
      approve: 'approved',
      reject: 'rejected',
      suspend: 'suspended',
      reinstate: 'approved',
      resubmit: 'pending',
      // A revision's steps leave the (approved) status as it is.
      revise: 'approved',
      'withdraw-revision': 'approved',
      'approve-revision': 'approved',
      'reject-revision': 'approved',
    };
    const revisionId = ['revise', 'withdraw-revision', 'approve-revision', 'reject-revision'].includes(decision) ? 5 : null;
    return others.publish('hunters.hunter.vetted', {
      hunterId,
      userId: user?.id ?? null,
      name: `Hunter ${hunterId}`,
      decision,
      revisionId,
      fromStatus: revisionId ? 'approved' : 'pending',
      status: to[decision],
      reason,
      decidedBy: 'user-admin',
      decidedAt: new Date().toISOString(),
    });
  }

  const mailsAbout = (hunterId: number): ReceivedMail[] => inbox.withHeader('X-Hunted-Hunter', String(hunterId));
  const subjectOf = (mail: ReceivedMail) => /\r\nSubject: ([^\r\n]*)/.exec(`\r\n${mail.raw}`)?.[1];
  const textOf = (mail: ReceivedMail) => mimeParts(mail.raw, 'text/plain')[0]!.body;

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
      MESSAGE_SEND_LIMIT_PER_MINUTE: '1000',
    });
    others = new OtherServices(SCHEMA, env.REDIS_PREFIX!);
    for (const schema of others.schemas()) await db.query(`drop schema if exists ${schema} cascade`);
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await others.start();
    for (const user of [ada, grace, sofia, pat]) await others.register(user);
    await others.hunterProfile(SOFIA_HUNTER, sofia, 'Sofia the Hunter');
    await others.hunterProfile(PAT_HUNTER, pat, 'Pat the Hunter', 'pending');
    await waitFor(
      'the copies',
      async () =>
        (await rows(`select 1 from hunters`)).length === 2 &&
        (await rows(`select 1 from users where email is not null`)).length === 4,
    );
  });

  afterAll(async () => {
    await others?.close();
    await service?.close();
    await inbox?.stop();
    for (const schema of others?.schemas() ?? []) await db.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it("keeps each hunter's status from their events; an event from before vetting reads as approved", async () => {
    expect(await rows(`select hunter_id, status from hunters order by hunter_id`)).toEqual([
      { hunter_id: SOFIA_HUNTER, status: 'approved' },
      { hunter_id: PAT_HUNTER, status: 'pending' },
    ]);
    // As recorded before vetting existed: no status at all.
    const { status: _status, ...legacy } = {
      hunterId: 63,
      userId: null,
      name: 'Old Hunter',
      profileImageUrl: null,
      location: 'London',
      availabilityStatus: 'Available' as const,
      sessionTypes: {
        whatsappVoice: { enabled: true, price: 50, duration: 30 },
        whatsappVideo: { enabled: true, price: 80, duration: 60 },
        inPerson: { enabled: false, price: 150, duration: 90 },
        askQuestion: { enabled: true, price: 25, duration: 15 },
      },
      pricePerSession: 80,
      status: 'approved' as const,
    };
    await others.publish(
      'hunters.hunter.created',
      legacy as unknown as Parameters<typeof others.publish<'hunters.hunter.created'>>[1],
    );
    await statusOf(63, 'approved');
  });

  it('opens no conversation of a new client with a hunter not approved, and opens it once they are approved', async () => {
    const booking = others.booking(ada, PAT_HUNTER, pat);
    await others.publish('bookings.booking.confirmed', booking);
    await copied(booking.bookingId);
    expect(await rows(`select 1 from conversations where hunter_id = $1`, [PAT_HUNTER])).toEqual([]);
    expect(
      (await call(ada, '/api/conversations')).body.filter((row: { hunterId: number }) => row.hunterId === PAT_HUNTER),
    ).toEqual([]);

    await others.hunterProfile(PAT_HUNTER, pat, 'Pat the Hunter', 'approved', 'hunters.hunter.updated');
    const id = await conversationOf(ada, PAT_HUNTER);
    const mine = (await call(ada, '/api/conversations')).body.find((row: { id: string }) => row.id === id);
    expect(mine).toMatchObject({ hunterId: PAT_HUNTER, closed: false });
    expect((await send(ada, id, 'Hello Pat', pat.id)).status).toBe(201);
  });

  it("keeps a suspended hunter's conversation readable but closed both ways, opens none for a new client, and reinstating reopens it", async () => {
    await others.publish('bookings.booking.confirmed', others.booking(ada, SOFIA_HUNTER, sofia));
    const id = await conversationOf(ada, SOFIA_HUNTER);
    expect((await send(ada, id, 'Before the suspension', sofia.id)).status).toBe(201);

    await others.hunterProfile(SOFIA_HUNTER, sofia, 'Sofia the Hunter', 'suspended', 'hunters.hunter.updated');
    await statusOf(SOFIA_HUNTER, 'suspended');

    const asClient = (await call(ada, '/api/conversations')).body.find((row: { id: string }) => row.id === id);
    expect(asClient).toMatchObject({ id, role: 'client', closed: true });
    const asHunter = await call(sofia, '/api/hunter-conversations');
    expect(asHunter.body).toEqual([expect.objectContaining({ id, closed: true })]);
    expect((await call(sofia, '/api/conversations')).body).toEqual([
      expect.objectContaining({ id, role: 'hunter', closed: true }),
    ]);
    const thread = await call(sofia, `/api/conversations/${id}/messages`);
    expect(thread.status).toBe(200);
    expect(thread.body.map((message: { content: string }) => message.content)).toEqual(['Before the suspension']);

    expect(await send(ada, id, 'Are you there?', sofia.id)).toEqual({
      status: 409,
      body: expect.objectContaining({ message: CLOSED }),
    });
    expect(await send(sofia, id, 'Still here', ada.id)).toEqual({
      status: 409,
      body: expect.objectContaining({ message: CLOSED }),
    });
    expect(await send(ada, id, 'By hunter id', String(SOFIA_HUNTER))).toMatchObject({ status: 409 });
    expect(await rows(`select content from messages where conversation_id = $1`, [id])).toEqual([
      { content: 'Before the suspension' },
    ]);
    // Read marks still work in a closed conversation.
    expect((await call(sofia, `/api/conversations/${id}/read`, { method: 'POST', body: {} })).status).toBe(204);

    const late = others.booking(grace, SOFIA_HUNTER, sofia);
    await others.publish('bookings.booking.confirmed', late);
    await copied(late.bookingId);
    expect(await rows(`select 1 from conversations where client_user_id = $1`, [grace.id])).toEqual([]);

    await others.hunterProfile(SOFIA_HUNTER, sofia, 'Sofia the Hunter', 'approved', 'hunters.hunter.updated');
    await statusOf(SOFIA_HUNTER, 'approved');
    expect((await call(ada, '/api/conversations')).body.find((row: { id: string }) => row.id === id)).toMatchObject({
      closed: false,
    });
    expect((await call(sofia, '/api/hunter-conversations')).body.every((row: { closed: boolean }) => !row.closed)).toBe(
      true,
    );
    expect((await send(sofia, id, 'Back again', ada.id)).status).toBe(201);
    expect((await send(ada, id, 'Welcome back', sofia.id)).status).toBe(201);
    // Reinstated, the hunter's copy is approved again, so the booking held back opens its conversation too.
    await conversationOf(grace, SOFIA_HUNTER);
  });

  it('emails the hunter once for each decision, none for a resubmission, a hunter with no member or a member unknown here', async () => {
    const decisions: [HunterDecisionKind, string | null][] = [
      ['approve', null],
      ['reject', 'Your photo is not of you'],
      ['suspend', 'Repeated no-shows'],
      ['reinstate', null],
    ];
    const events: IntegrationEvent[] = [];
    for (const [decision, reason] of decisions)
      events.push((await vetted(PAT_HUNTER, pat, decision, reason)) as IntegrationEvent);
    await vetted(PAT_HUNTER, pat, 'resubmit', null);
    await vetted(70, null, 'approve', null);
    await vetted(71, member('Ghost Member'), 'approve', null);
    // Every event delivered again: nothing more is written or sent.
    const consumer = service.app.get(EventConsumer);
    for (const event of events) await consumer.apply(event);

    await waitFor(
      'the four emails sent',
      async () => (await rows(`select 1 from outbound_emails where kind like 'vetting%' and status = 'sent'`)).length === 4,
    );
    await waitFor(
      'the vetted events handled',
      async () => (await rows(`select 1 from inbox where type = 'hunters.hunter.vetted'`)).length >= 7,
    );
    expect(
      await rows(`select (facts ->> 'hunterId')::int as hunter_id, recipient_user_id, facts ->> 'decision' as decision,
                facts ->> 'reason' as reason, status
           from outbound_emails where kind like 'vetting%' order by id`),
    ).toEqual(
      decisions.map(([decision, reason]) => ({
        hunter_id: PAT_HUNTER,
        recipient_user_id: pat.id,
        decision,
        reason,
        status: 'sent',
      })),
    );
    await waitFor('the mails received', async () => mailsAbout(PAT_HUNTER).length === 4);
    const mails = mailsAbout(PAT_HUNTER);
    expect(mails.every((mail) => mail.to.length === 1 && mail.to[0] === pat.email)).toBe(true);
    expect(mails.map(subjectOf).sort()).toEqual([
      'Your Hunted profile is approved',
      'Your Hunted profile is reinstated',
      'Your Hunted profile is suspended',
      'Your Hunted profile was not approved',
    ]);
    const bySubject = (subject: string) => textOf(mails.find((mail) => subjectOf(mail) === subject)!);
    expect(bySubject('Your Hunted profile is approved')).toContain('https://hunted.test/hunter-dashboard?tab=earnings');
    const rejected = bySubject('Your Hunted profile was not approved');
    expect(rejected).toContain('Reason: Your photo is not of you');
    expect(rejected).toContain('Edit your profile to send it back for review');
    expect(bySubject('Your Hunted profile is suspended')).toContain('Reason: Repeated no-shows');
    expect(mailsAbout(70)).toEqual([]);
    expect(mailsAbout(71)).toEqual([]);
  });

  it("emails the hunter an admin's decision on a change to their approved profile, with the reason; nothing for their own steps", async () => {
    const hunterId = 72;
    const quinn = member('Quinn Revised');
    await others.register(quinn);
    const handled = async () => (await rows(`select 1 from inbox where type = 'hunters.hunter.vetted'`)).length;
    const handledBefore = await handled();
    await vetted(hunterId, quinn, 'revise', null);
    await vetted(hunterId, quinn, 'withdraw-revision', null);
    await vetted(hunterId, quinn, 'approve-revision', null);
    await vetted(hunterId, quinn, 'reject-revision', 'That portrait is not of you.');
    await waitFor('the two emails received', async () => mailsAbout(hunterId).length === 2);
    await waitFor(
      'the four events handled',
      async () => (await handled()) === handledBefore + 4,
    );
    const mails = mailsAbout(hunterId);
    expect(mails.map(subjectOf).sort()).toEqual([
      'Your Hunted profile changes are approved',
      'Your Hunted profile changes were not approved',
    ]);
    const rejected = textOf(mails.find((mail) => subjectOf(mail) === 'Your Hunted profile changes were not approved')!);
    expect(rejected).toContain('Reason: That portrait is not of you.');
    expect(rejected).toContain('still shows "Hunter 72" as it was approved');
    expect(
      await rows(`select kind, facts ->> 'decision' as decision from outbound_emails where facts ->> 'hunterId' = '72' order by id`),
    ).toEqual([
      { kind: 'vetting_approve', decision: 'approve-revision' },
      { kind: 'vetting_reject', decision: 'reject-revision' },
    ]);
  });

  it("tells the client of a suspended hunter's booking of the cancellation with the full refund, and the hunter nothing", async () => {
    const booking = { ...others.booking(grace, PAT_HUNTER, pat), pricePence: 12_500 };
    await others.publish('bookings.booking.confirmed', booking);
    const confirmations = () =>
      inbox
        .withHeader('X-Hunted-Booking', booking.bookingId)
        .filter((mail) => mail.raw.includes('X-Hunted-Email-Kind: confirmation'));
    await waitFor('both confirmations sent', async () => confirmations().length === 2);

    await others.publish('bookings.booking.cancelled', {
      ...booking,
      sequence: 1,
      cancelledBy: 'system',
      refundPence: 12_500,
      cause: 'hunter_suspended',
    });
    const cancellations = () =>
      inbox
        .withHeader('X-Hunted-Booking', booking.bookingId)
        .filter((mail) => mail.raw.includes('X-Hunted-Email-Kind: cancellation'));
    const cancellationRows = () =>
      rows(`select recipient_role, status from outbound_emails where booking_id = $1 and kind = 'cancellation'`, [
        booking.bookingId,
      ]);
    await waitFor('the cancellation recorded sent', async () =>
      (await cancellationRows()).some((row) => row.status === 'sent'),
    );
    expect(await cancellationRows()).toEqual([{ recipient_role: 'client', status: 'sent' }]);
    expect(cancellations()).toHaveLength(1);
    const [mail] = cancellations();
    expect(mail!.to).toEqual([grace.email]);
    const text = textOf(mail!);
    expect(text).toContain('Pat the Hunter is no longer available on Hunted, so this session is cancelled.');
    expect(text).toContain('You will get a full refund of £125.00 to your original payment method');
    expect(
      mimeParts(mail!.raw, /^(application\/ics|text\/calendar)$/).some((part) => part.body.includes('METHOD:CANCEL')),
    ).toBe(true);
    // The hunter's reminders are dropped with the booking.
    expect(
      await rows(
        `select 1 from outbound_emails where booking_id = $1 and kind like 'reminder%' and status = 'pending'`,
        [booking.bookingId],
      ),
    ).toEqual([]);
  });
});
