import { randomUUID } from 'node:crypto';
import { londonDateOf, londonInstant, type ConversationMessage, type ConversationSummary, type IntegrationEvent } from '@hunted/contracts';
import { EventConsumer, setClockOffset } from '@hunted/platform';
import {
  startServiceApp,
  TEST_DATABASE_URL,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { MessageRateLimit } from '../src/conversations/message-rate-limit.js';
import { callAs, member, OtherServices, type TestMember } from './support/conversation-world.js';

const SCHEMA = 'messaging_conversations_it';

describe('messaging: conversations over HTTP', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let others: OtherServices;
  let db: pg.Client;

  const ada = member('Ada Lovelace');
  const grace = member('Grace Hopper');
  const sofia = member('Sofia Martinez');
  const mallory = member('Mallory Mischief');
  const SOFIA_HUNTER = 41;
  const GRACE_HUNTER = 42;
  /** Ada books Sofia; Sofia (a client too) books Grace; Mallory books nobody. */
  let adaSofia: string;
  let sofiaGrace: string;

  const call = (user: TestMember | null, path: string, init?: { method?: string; body?: unknown }) =>
    callAs(service.base, user, path, init);
  const send = (user: TestMember, conversationId: string, body: Record<string, unknown>) =>
    call(user, `/api/conversations/${conversationId}/messages`, { method: 'POST', body });

  async function conversationOf(client: TestMember, hunterId: number): Promise<string> {
    let id: string | undefined;
    await waitFor(`the conversation of ${client.firstName}`, async () => {
      const rows = (await db.query(`select id from conversations where client_user_id = $1 and hunter_id = $2`, [client.id, hunterId])).rows;
      id = rows[0]?.id;
      return id !== undefined;
    });
    return id!;
  }

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    const env = testServiceEnv(SCHEMA, { MESSAGE_SEND_LIMIT_PER_MINUTE: '1000', PUBLIC_URL: 'https://hunted.test' });
    others = new OtherServices(SCHEMA, env.REDIS_PREFIX!);
    for (const schema of others.schemas()) await db.query(`drop schema if exists ${schema} cascade`);
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await others.start();
    for (const user of [ada, grace, sofia, mallory]) await others.register(user);
    await others.hunterProfile(SOFIA_HUNTER, sofia, 'Sofia the Hunter');
    await others.hunterProfile(GRACE_HUNTER, grace, 'Grace Hopper');
    await others.publish('bookings.booking.confirmed', others.booking(ada, SOFIA_HUNTER, sofia));
    await others.publish('bookings.booking.confirmed', others.booking(sofia, GRACE_HUNTER, grace));
    adaSofia = await conversationOf(ada, SOFIA_HUNTER);
    sofiaGrace = await conversationOf(sofia, GRACE_HUNTER);
    await waitFor('the names', async () => (await db.query(`select 1 from hunters`)).rowCount === 2 && (await db.query(`select 1 from users`)).rowCount === 4);
  });

  afterAll(async () => {
    await others?.close();
    await service?.close();
    for (const schema of others?.schemas() ?? []) await db.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it('opens one conversation per client and hunter, however often a confirmation arrives', async () => {
    const again = others.booking(ada, SOFIA_HUNTER, sofia);
    const event = await others.publish('bookings.booking.confirmed', again);
    // The same event delivered twice more, and a second booking of the same pair.
    const consumer = service.app.get(EventConsumer);
    await Promise.all([consumer.apply(event as IntegrationEvent), consumer.apply(event as IntegrationEvent)]);
    await waitFor('the second booking copied', async () => (await db.query(`select 1 from bookings where booking_id = $1`, [again.bookingId])).rowCount === 1);
    const rows = (await db.query(`select id from conversations where client_user_id = $1`, [ada.id])).rows;
    expect(rows).toEqual([{ id: adaSofia }]);
  });

  it('opens none for a hunter no member has claimed', async () => {
    const unclaimed = others.booking(mallory, 99, null);
    await others.publish('bookings.booking.confirmed', unclaimed);
    await waitFor('the booking copied', async () => (await db.query(`select 1 from bookings where booking_id = $1`, [unclaimed.bookingId])).rowCount === 1);
    expect((await call(mallory, '/api/conversations')).body).toEqual([]);
  });

  it('lists both sides of a member who is a client and a hunter, with the other side named from the copies', async () => {
    const { status, body } = await call(sofia, '/api/conversations');
    expect(status).toBe(200);
    const byRole = Object.fromEntries((body as ConversationSummary[]).map((row) => [row.role, row]));
    expect(byRole.hunter).toMatchObject({
      id: adaSofia,
      userId: ada.id,
      hunterId: SOFIA_HUNTER,
      hunterName: 'Sofia the Hunter',
      otherUserId: ada.id,
      otherName: 'Ada Lovelace',
      unreadCount: 0,
      closed: false,
    });
    expect(byRole.client).toMatchObject({
      id: sofiaGrace,
      userId: sofia.id,
      hunterId: GRACE_HUNTER,
      hunterName: 'Grace Hopper',
      hunterProfileImage: `/api/media/hunter-photos/${GRACE_HUNTER}`,
      otherUserId: grace.id,
      otherName: 'Grace Hopper',
    });
    const asHunter = await call(sofia, '/api/hunter-conversations');
    expect(asHunter.body).toEqual([
      { id: adaSofia, clientName: 'Ada Lovelace', clientAvatar: null, lastMessage: null, lastMessageTime: null, unreadCount: 0, closed: false },
    ]);
    expect((await call(ada, '/api/hunter-conversations')).body).toEqual([]);
  });

  it('refuses guests with 401 and everyone but the two people with 404, on every route', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/conversations/${adaSofia}/messages`],
      ['POST', `/api/conversations/${adaSofia}/messages`, { content: 'hi', receiverId: ada.id }],
      ['POST', `/api/conversations/${adaSofia}/read`, {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(null, path, { method, body })).status).toBe(401);
      const stranger = await call(mallory, path, { method, body });
      expect(stranger).toEqual({ status: 404, body: expect.objectContaining({ message: 'Conversation not found' }) });
      expect((await call(grace, path, { method, body })).status).toBe(404);
    }
    for (const path of ['/api/conversations', '/api/hunter-conversations', '/api/conversations/unread-count']) {
      expect((await call(null, path)).status).toBe(401);
    }
    expect((await call(mallory, `/api/conversations/${'x'.repeat(90)}/messages`)).status).toBe(404);
    expect((await db.query(`select 1 from messages where sender_id = $1`, [mallory.id])).rowCount).toBe(0);
  });

  it('takes the receiver in both readings, stores it as a user id, and refuses anyone else', async () => {
    const byHunterId = await send(ada, adaSofia, { content: 'Hello Sofia', receiverId: String(SOFIA_HUNTER) });
    expect(byHunterId.status).toBe(201);
    expect(byHunterId.body).toMatchObject({ senderId: ada.id, receiverId: sofia.id, content: 'Hello Sofia', isRead: false });
    const asNumber = await send(ada, adaSofia, { content: 'Are you there?', receiverId: SOFIA_HUNTER });
    expect(asNumber.body.receiverId).toBe(sofia.id);
    const byUserId = await send(sofia, adaSofia, { content: 'Hi Ada!', receiverId: ada.id });
    expect(byUserId.body).toMatchObject({ senderId: sofia.id, receiverId: ada.id });

    for (const receiverId of [mallory.id, sofia.id, String(GRACE_HUNTER), '']) {
      const wrong = await send(sofia, adaSofia, { content: 'to whom?', receiverId });
      expect(wrong.status, receiverId).toBe(400);
    }
    // The hunter's id names the hunter only from the client's side.
    expect((await send(sofia, adaSofia, { content: 'me?', receiverId: String(SOFIA_HUNTER) })).status).toBe(400);
  });

  it('trims content and keeps it to 1–2,000 characters, with the messages people see', async () => {
    const empty = await send(ada, adaSofia, { content: '   \n ', receiverId: sofia.id });
    expect(empty).toEqual({ status: 400, body: expect.objectContaining({ message: 'Message cannot be empty' }) });
    const missing = await send(ada, adaSofia, { receiverId: sofia.id });
    expect(missing.body.message).toBe('Message cannot be empty');
    const long = await send(ada, adaSofia, { content: 'x'.repeat(2001), receiverId: sofia.id });
    expect(long).toEqual({ status: 400, body: expect.objectContaining({ message: 'Messages can be at most 2,000 characters' }) });
    const exact = await send(ada, adaSofia, { content: `  ${'y'.repeat(2000)}  `, receiverId: sofia.id });
    expect(exact.status).toBe(201);
    expect(exact.body.content).toHaveLength(2000);
    const markup = await send(ada, adaSofia, { content: '<script>alert(1)</script>\u0000', receiverId: sofia.id });
    expect(markup.body.content).toBe('<script>alert(1)</script>');
  });

  it('answers a retried clientMessageId with the first message and stores nothing new', async () => {
    const clientMessageId = randomUUID();
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => send(ada, adaSofia, { content: 'Only once', receiverId: sofia.id, clientMessageId })),
    );
    expect(attempts.map((attempt) => attempt.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(attempts.map((attempt) => attempt.body.id)).size).toBe(1);
    expect((await db.query(`select 1 from messages where client_message_id = $1`, [clientMessageId])).rowCount).toBe(1);
    // The same id for another conversation is a mistake, not a retry.
    const elsewhere = await send(sofia, sofiaGrace, { content: 'x', receiverId: grace.id, clientMessageId: randomUUID() });
    expect(elsewhere.status).toBe(201);
    const reused = await send(sofia, sofiaGrace, { content: 'x', receiverId: grace.id, clientMessageId: elsewhere.body.clientMessageId });
    expect(reused.body.id).toBe(elsewhere.body.id);
  });

  it('keeps exact unread counts under 50 concurrent sends from both sides, and after reads', async () => {
    const before = (await call(grace, '/api/conversations/unread-count')).body;
    const sends = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 5 === 0
          ? send(grace, sofiaGrace, { content: `from grace ${i}`, receiverId: sofia.id })
          : send(sofia, sofiaGrace, { content: `from sofia ${i}`, receiverId: String(GRACE_HUNTER) }),
      ),
    );
    expect(sends.every((result) => result.status === 201)).toBe(true);
    const toGrace = sends.filter((result) => result.body.receiverId === grace.id).length;
    expect(toGrace).toBe(40);

    const graceRow = ((await call(grace, '/api/hunter-conversations')).body as { id: string; unreadCount: number }[]).find((row) => row.id === sofiaGrace)!;
    expect(graceRow.unreadCount).toBe(before.messages + 40);
    const counted = (await db.query(`select count(*)::int as n from messages where conversation_id = $1 and receiver_id = $2 and not is_read`, [sofiaGrace, grace.id])).rows[0].n;
    expect(graceRow.unreadCount).toBe(counted);
    const sofiaUnread = (await call(sofia, '/api/conversations')).body.find((row: ConversationSummary) => row.id === sofiaGrace).unreadCount;
    expect(sofiaUnread).toBe((await db.query(`select count(*)::int as n from messages where conversation_id = $1 and receiver_id = $2 and not is_read`, [sofiaGrace, sofia.id])).rows[0].n);

    // The numbers a thread is ordered by are gapless and in commit order.
    const seqs = (await db.query(`select seq from messages where conversation_id = $1 order by seq`, [sofiaGrace])).rows.map((row) => row.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));

    // Read up to the 10th message Grace received, then everything.
    // The whole thread (under 100 messages) in one page.
    const thread = (await call(grace, `/api/conversations/${sofiaGrace}/messages?limit=100`)).body as ConversationMessage[];
    const received = thread.filter((message) => message.receiverId === grace.id);
    await Promise.all([
      call(grace, `/api/conversations/${sofiaGrace}/read`, { method: 'POST', body: { upTo: received[9]!.id } }),
      call(grace, `/api/conversations/${sofiaGrace}/read`, { method: 'POST', body: { upTo: received[9]!.id } }),
    ]);
    const afterTen = (await call(grace, '/api/conversations/unread-count')).body;
    expect(afterTen.messages).toBe(graceRow.unreadCount - 10);
    // Reading one's own messages changes nothing for the other side.
    const read = await call(grace, `/api/conversations/${sofiaGrace}/read`, { method: 'POST', body: {} });
    expect(read.status).toBe(204);
    expect((await call(grace, '/api/conversations/unread-count')).body).toEqual({ messages: 0, conversations: 0 });
    expect((await call(sofia, '/api/conversations')).body.find((row: ConversationSummary) => row.id === sofiaGrace).unreadCount).toBe(sofiaUnread);
    const readThread = (await call(grace, `/api/conversations/${sofiaGrace}/messages?limit=100`)).body as ConversationMessage[];
    expect(readThread.filter((message) => message.receiverId === grace.id).every((message) => message.isRead)).toBe(true);
    expect((await call(grace, `/api/conversations/${sofiaGrace}/read`, { method: 'POST', body: { upTo: 'nope' } })).status).toBe(400);
  });

  it('pages every read of a thread, oldest first: the newest 50 by default, at most 100, before and after a message', async () => {
    const ids = (await db.query(`select id::text from messages where conversation_id = $1 order by seq`, [sofiaGrace])).rows.map((row) => row.id as string);
    expect(ids.length).toBeGreaterThan(50);
    const page = async (query: string) =>
      ((await call(grace, `/api/conversations/${sofiaGrace}/messages${query}`)).body as ConversationMessage[]).map((message) => message.id);
    // Unpaged is the newest page: never the whole thread.
    expect(await page('')).toEqual(ids.slice(-50));
    expect(await page('?limit=10')).toEqual(ids.slice(-10));
    expect(await page(`?limit=10&before=${ids.at(-10)}`)).toEqual(ids.slice(-20, -10));
    expect(await page(`?before=${ids.at(-1)}`)).toEqual(ids.slice(-51, -1));
    // Catching up is paged too: the oldest page after the message; the client asks again from its last one.
    expect(await page(`?after=${ids[0]}`)).toEqual(ids.slice(1, 51));
    expect(await page(`?after=${ids[0]}&limit=100`)).toEqual(ids.slice(1, 101));
    expect(await page(`?after=${ids.at(-3)}`)).toEqual(ids.slice(-2));
    // The start of the thread: a short page.
    expect(await page(`?before=${ids[3]}`)).toEqual(ids.slice(0, 3));
    // A message of another conversation anchors nothing.
    const foreign = (await call(ada, `/api/conversations/${adaSofia}/messages?after=${ids[4]}`)).body;
    expect(foreign).toEqual([]);
    for (const query of ['?limit=101', '?limit=0', '?after=x', `?before=${ids[3]}&after=${ids[4]}`]) {
      expect((await call(grace, `/api/conversations/${sofiaGrace}/messages${query}`)).status, query).toBe(400);
    }
  });

  it('shows the last message and a rename at once, latest conversation first', async () => {
    await send(ada, adaSofia, { content: 'Newest words', receiverId: sofia.id });
    const rows = (await call(sofia, '/api/conversations')).body as ConversationSummary[];
    expect(rows[0]).toMatchObject({ id: adaSofia, lastMessage: 'Newest words' });
    await others.publish('identity.user.updated', {
      userId: ada.id,
      email: ada.email,
      firstName: 'Augusta',
      lastName: 'King',
      profileImageUrl: '/api/auth/user/avatar/ada',
      instagramUrl: null,
    });
    await waitFor('the rename', async () => {
      const list = (await call(sofia, '/api/hunter-conversations')).body as { clientName: string }[];
      return list[0]?.clientName === 'Augusta King';
    });
  });

  it('publishes messaging.message.sent with each stored message', async () => {
    const sent = await send(ada, adaSofia, { content: 'Event please', receiverId: sofia.id });
    const [outbox] = (await db.query(`select data from outbox where type = 'messaging.message.sent' and data->>'messageId' = $1`, [sent.body.id])).rows;
    expect(outbox.data).toEqual({
      messageId: sent.body.id,
      conversationId: adaSofia,
      senderId: ada.id,
      receiverId: sofia.id,
      createdAt: sent.body.createdAt,
    });
  });
});

describe('messaging: the sending limit', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let others: OtherServices;
  let db: pg.Client;
  const schema = `${SCHEMA}_limit`;
  const ada = member('Ada Lovelace');
  const sofia = member('Sofia Martinez');

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await db.connect();
    const env = testServiceEnv(schema, {});
    others = new OtherServices(schema, env.REDIS_PREFIX!);
    for (const name of others.schemas()) await db.query(`drop schema if exists ${name} cascade`);
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await others.start();
    await others.publish('bookings.booking.confirmed', others.booking(ada, 5, sofia));
    await waitFor('the conversation', async () => (await db.query(`select 1 from conversations`)).rowCount === 1);
  });

  afterAll(async () => {
    await others?.close();
    await service?.close();
    for (const name of others?.schemas() ?? []) await db.query(`drop schema if exists ${name} cascade`);
    await db?.end();
  });

  it('lets a member send 30 messages a minute by default and refuses the 31st with 429', async () => {
    const id = (await db.query(`select id from conversations`)).rows[0].id as string;
    // The window is the clock minute: the count's clock is held at one minute (its `now`), so the 31 sends never
    // straddle a minute's edge however long they take.
    const limit = service.app.get(MessageRateLimit);
    const allow = limit.allow.bind(limit);
    const heldMinute = Math.floor(Date.now() / 60_000) * 60_000;
    vi.spyOn(limit, 'allow').mockImplementation((userId: string) => allow(userId, heldMinute));
    const results = [];
    for (let i = 0; i < 31; i++) {
      results.push(await callAs(service.base, ada, `/api/conversations/${id}/messages`, { method: 'POST', body: { content: `m${i}`, receiverId: sofia.id } }));
    }
    expect(results.slice(0, 30).every((result) => result.status === 201)).toBe(true);
    expect(results[30]).toEqual({ status: 429, body: expect.objectContaining({ message: expect.stringContaining('too quickly') }) });
    // The other side is counted on its own.
    expect((await callAs(service.base, sofia, `/api/conversations/${id}/messages`, { method: 'POST', body: { content: 'hi', receiverId: ada.id } })).status).toBe(201);
  });
});

describe('messaging: the daily cap per conversation', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let others: OtherServices;
  let db: pg.Client;
  const schema = `${SCHEMA}_daily`;
  const ada = member('Ada Lovelace');
  const sofia = member('Sofia Martinez');
  const grace = member('Grace Hopper');

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await db.connect();
    const env = testServiceEnv(schema, { MESSAGE_SEND_LIMIT_PER_MINUTE: '1000', MESSAGES_PER_CONVERSATION_PER_DAY: '5' });
    others = new OtherServices(schema, env.REDIS_PREFIX!);
    for (const name of others.schemas()) await db.query(`drop schema if exists ${name} cascade`);
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await others.start();
    await others.publish('bookings.booking.confirmed', others.booking(ada, 5, sofia));
    await others.publish('bookings.booking.confirmed', others.booking(ada, 6, grace));
    await waitFor('the conversations', async () => (await db.query(`select 1 from conversations`)).rowCount === 2);
  });

  afterAll(async () => {
    await others?.close();
    await service?.close();
    // After the service has stopped: a move of the clock runs its scheduled jobs at once.
    setClockOffset(0);
    for (const name of others?.schemas() ?? []) await db.query(`drop schema if exists ${name} cascade`);
    await db?.end();
  });

  it('takes MESSAGES_PER_CONVERSATION_PER_DAY messages a day from both people together, then says so with 429', async () => {
    // The day is the platform clock's London date: held at today's London noon, far from either midnight, so a run
    // near 00:00 in London does not count its sends on two days (and take more than five).
    const noonToday = londonInstant(londonDateOf(Date.now()), '12:00');
    setClockOffset(noonToday - Date.now());
    const conversationWith = async (hunterId: number) =>
      (await db.query(`select id from conversations where hunter_id = $1`, [hunterId])).rows[0].id as string;
    const withSofia = await conversationWith(5);
    const withGrace = await conversationWith(6);
    const post = (from: TestMember, id: string, to: TestMember, content: string, clientMessageId?: string) =>
      callAs(service.base, from, `/api/conversations/${id}/messages`, { method: 'POST', body: { content, receiverId: to.id, clientMessageId } });

    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? post(ada, withSofia, sofia, `m${i}`, `ada-${i}`) : post(sofia, withSofia, ada, `m${i}`))),
    );
    expect(sent.filter((answer) => answer.status === 201)).toHaveLength(5);
    const refused = sent.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer).toEqual({
        status: 429,
        body: expect.objectContaining({
          message: 'This conversation has reached its limit of 5 messages for today. You can write again tomorrow.',
        }),
      });
    }
    expect((await db.query(`select count(*)::int as n from messages where conversation_id = $1`, [withSofia])).rows[0].n).toBe(5);

    // A retried send of a stored message still answers it; another conversation has its own count.
    const stored = sent.find((answer) => answer.status === 201 && answer.body.clientMessageId?.startsWith('ada-'))!;
    const retried = await post(ada, withSofia, sofia, stored.body.content, stored.body.clientMessageId);
    expect(retried).toEqual({ status: 201, body: stored.body });
    expect((await post(ada, withGrace, grace, 'Hello Grace')).status).toBe(201);

    // A new day (in London, the site's time) starts a new count: the clock at tomorrow's London noon.
    setClockOffset(londonInstant(londonDateOf(noonToday + 24 * 60 * 60 * 1000), '12:00') - Date.now());
    expect((await post(sofia, withSofia, ada, 'A new day')).status).toBe(201);
    expect((await post(sofia, withSofia, ada, 'Still room today')).status).toBe(201);
  });
});
