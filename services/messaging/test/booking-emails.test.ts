import { randomUUID } from 'node:crypto';
import { CANCELLATION_POLICY, spanLabelIn, wallClockIn, type BookingEventV1, type EventPayload, type EventType, type IntegrationEvent } from '@hunted/contracts';
import { EventConsumer, toStreamFields, type JobQueue } from '@hunted/platform';
import {
  consumerCaughtUp,
  PrivateRedis,
  startServiceApp,
  startTestPublisher,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
  type TestPublisher,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Logger } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { EmailSendJob, emailSend } from '../src/mail/email-send.job.js';
import { loadConfig } from '../src/config.js';

import { MailInbox, mimeParts, type ReceivedMail } from './mail-inbox.js';

const SCHEMA = 'messaging_booking_emails_it';
const PUBLISHER_SCHEMAS = {
  identity: `${SCHEMA}_identity`,
  hunters: `${SCHEMA}_hunters`,
  bookings: `${SCHEMA}_bookings`,
};
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const ADA = {
  userId: 'user-ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
};
const SOFIA = {
  userId: 'user-sofia',
  email: 'sofia@example.com',
  firstName: 'Sofia',
  lastName: 'Martinez',
  profileImageUrl: null,
};
const HUNTER_ID = 7;
/**
 * Ten minutes: every change after a booking's first email is certain to fall inside the window however slow the
 * machine, and the test ends the window itself (endCoalesceWindow) instead of waiting it out.
 */
const COALESCE_MS = 10 * 60_000;

describe('messaging: booking emails', () => {
  let inbox: MailInbox;
  let service: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let redis: Redis;
  const publishers: Partial<Record<keyof typeof PUBLISHER_SCHEMAS, TestPublisher>> = {};
  const consumer = () => service.app.get(EventConsumer);
  let redisPrefix: string;

  function publish<T extends EventType>(type: T, data: EventPayload<T>): Promise<IntegrationEvent<T>> {
    const publisher = publishers[type.slice(0, type.indexOf('.')) as keyof typeof PUBLISHER_SCHEMAS]!;
    return publisher.publish(type, data);
  }

  async function rows<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await db.query(sql, params)).rows as T[];
  }

  function emailsOf(bookingId: string) {
    return rows<{
      id: string;
      kind: string;
      sequence: number;
      recipient_role: string;
      status: string;
      send_at: Date;
      skipped_reason: string | null;
    }>(
      `select id::text as id, kind, sequence, recipient_role, status, send_at, skipped_reason
         from outbound_emails where booking_id = $1 order by id`,
      [bookingId],
    );
  }

  function mailsOf(bookingId: string, kind?: string): ReceivedMail[] {
    return inbox
      .withHeader('X-Hunted-Booking', bookingId)
      .filter((mail) => !kind || mail.raw.includes(`\r\nX-Hunted-Email-Kind: ${kind}\r\n`));
  }

  /** The `.ics` attachment, after checking the text/calendar alternative says the same. */
  function calendarOf(mail: ReceivedMail): string {
    const attached = mimeParts(mail.raw, /^(application\/ics|text\/calendar)$/).filter((part) =>
      /^Content-Disposition: attachment; filename="?[\w-]+\.ics/im.test(part.headers),
    );
    expect(attached, 'one .ics attachment').toHaveLength(1);
    const alternative = mimeParts(mail.raw, 'text/calendar').find(
      (part) => !/^Content-Disposition: attachment/im.test(part.headers),
    );
    expect(alternative?.body).toBe(attached[0]!.body);
    return attached[0]!.body;
  }

  function booking(overrides: Partial<BookingEventV1> = {}): BookingEventV1 {
    const startsAt = new Date(Date.now() + 3 * DAY);
    startsAt.setUTCSeconds(0, 0);
    return {
      bookingId: randomUUID(),
      hunterId: HUNTER_ID,
      hunterUserId: SOFIA.userId,
      clientUserId: ADA.userId,
      sessionType: 'whatsappVideo',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
      pricePence: 8000,
      sequence: 0,
      notes: null,
      photoUrls: [],
      ...overrides,
    };
  }

  /**
   * Every event published so far applied, and no email of the booking due and still to send. Past it, a mail of
   * the booking that is not in the inbox could only be one planned for later, and the rows say which: this is
   * what the tests wait for before saying "and no other mail", instead of sleeping in case one comes.
   */
  async function settled(bookingId: string): Promise<void> {
    await waitFor('every published event applied', async () => {
      for (const publisher of Object.values(publishers)) if (!(await publisher.allSent())) return false;
      return consumerCaughtUp(redis, redisPrefix, 'messaging');
    });
    await waitFor('no due email of the booking left to send', async () => {
      const due = await rows(`select 1 from outbound_emails where booking_id = $1 and status = 'pending' and send_at <= now()`, [
        bookingId,
      ]);
      return due.length === 0;
    });
  }

  /** Runs an email's job now, as BullMQ (or a sweep) would at its time. */
  const runEmailJob = (emailId: string) =>
    service.app.get(EmailSendJob).run({ data: { emailId }, id: `email-${emailId}`, attemptsMade: 0, finalAttempt: false });

  /**
   * The end of the booking's coalescing window, played by the test: once every event is applied, the change emails
   * waiting for the window (nothing sent of them yet) are made due now and their jobs run, as their delayed jobs
   * would when the window ended. Says how many were waiting.
   */
  async function endCoalesceWindow(bookingId: string): Promise<number> {
    await settled(bookingId);
    const waiting = await rows<{ id: string }>(
      `select id::text as id from outbound_emails
        where booking_id = $1 and status = 'pending' and kind in ('confirmation', 'rescheduled', 'cancellation') and send_at > now()`,
      [bookingId],
    );
    await db.query(`update outbound_emails set send_at = now() where id = any($1::bigint[])`, [waiting.map(({ id }) => id)]);
    for (const { id } of waiting) expect(await runEmailJob(id)).toEqual({ sent: true });
    return waiting.length;
  }

  const bookingCopy = async (bookingId: string) =>
    (
      await rows<{ status: string; sequence: number; starts_at: Date }>(
        `select b.status, b.sequence, c.starts_at from bookings b join booking_copies c using (booking_id) where b.booking_id = $1`,
        [bookingId],
      )
    )[0];

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    for (const schema of Object.values(PUBLISHER_SCHEMAS)) await db.query(`drop schema if exists ${schema} cascade`);
    inbox = new MailInbox();
    await inbox.start();
    const env = testServiceEnv(SCHEMA, {
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      MAIL_FROM: 'Hunted Test <no-reply@hunted.test>',
      PUBLIC_URL: 'https://hunted.test',
      BOOKING_EMAIL_ATTEMPTS: '30',
      BOOKING_EMAIL_BACKOFF_MS: '150',
      BOOKING_EMAIL_SWEEP_MS: '300',
      BOOKING_EMAIL_COALESCE_MS: String(COALESCE_MS),
    });
    redisPrefix = env.REDIS_PREFIX!;
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    redis = new Redis(TEST_REDIS_URL);
    for (const [name, schema] of Object.entries(PUBLISHER_SCHEMAS)) {
      publishers[name as keyof typeof PUBLISHER_SCHEMAS] = await startTestPublisher(name, { schema, redisPrefix });
    }
    await publish('identity.user.registered', ADA);
    await publish('identity.user.registered', SOFIA);
    await publish('hunters.hunter.created', {
      hunterId: HUNTER_ID,
      userId: SOFIA.userId,
      name: 'Sofia Martinez',
      profileImageUrl: '/api/hunters/7/photo',
      location: 'London',
      availabilityStatus: 'Available',
      sessionTypes: {
        whatsappVoice: { enabled: true, price: 50, duration: 30 },
        whatsappVideo: { enabled: true, price: 80, duration: 60 },
        inPerson: { enabled: false, price: 150, duration: 90 },
        askQuestion: { enabled: true, price: 25, duration: 15 },
      },
      pricePerSession: 80,
      status: 'approved',
    });
    await waitFor('the users and hunters copies', async () => {
      const users = await rows(`select 1 from users where email is not null`);
      const hunters = await rows(`select 1 from hunters`);
      return users.length === 2 && hunters.length === 1;
    });
  });

  afterAll(async () => {
    await Promise.all(Object.values(publishers).map((publisher) => publisher.close()));
    await service?.close();
    await inbox?.stop();
    await redis?.quit();
    for (const schema of Object.values(PUBLISHER_SCHEMAS)) await db.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it('keeps copies of users with their email, and of hunters with name and photo', async () => {
    expect(await rows(`select user_id, email, first_name, last_name from users order by user_id`)).toEqual([
      { user_id: ADA.userId, email: ADA.email, first_name: 'Ada', last_name: 'Lovelace' },
      { user_id: SOFIA.userId, email: SOFIA.email, first_name: 'Sofia', last_name: 'Martinez' },
    ]);
    expect(await rows(`select hunter_id, user_id, name, profile_image_url from hunters`)).toEqual([
      {
        hunter_id: HUNTER_ID,
        user_id: SOFIA.userId,
        name: 'Sofia Martinez',
        profile_image_url: '/api/hunters/7/photo',
      },
    ]);
  });

  it('sends one email per recipient for a confirmation delivered five times (one event replayed, and republished)', async () => {
    const data = booking();
    const event: IntegrationEvent<'bookings.booking.confirmed'> = {
      id: randomUUID(),
      type: 'bookings.booking.confirmed',
      version: 1,
      occurredAt: new Date().toISOString(),
      data,
    };
    // The same stream entry five times, and the same fact under new event ids as a retrying publisher would.
    for (let i = 0; i < 5; i++) await redis.xadd(`${redisPrefix}events:bookings`, '*', ...toStreamFields(event));
    await Promise.all(Array.from({ length: 5 }, () => consumer().apply(event)));
    for (let i = 0; i < 5; i++) await publish('bookings.booking.confirmed', data);

    await waitFor('both confirmations', () => mailsOf(data.bookingId, 'confirmation').length >= 2);
    await waitFor(
      'every event applied',
      async () => (await rows(`select 1 from inbox where type = 'bookings.booking.confirmed'`)).length >= 6,
    );
    await settled(data.bookingId);
    const confirmations = (await emailsOf(data.bookingId)).filter((row) => row.kind === 'confirmation');
    expect(confirmations.map((row) => [row.recipient_role, row.status])).toEqual([
      ['client', 'sent'],
      ['hunter', 'sent'],
    ]);
    const mails = mailsOf(data.bookingId, 'confirmation');
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.to).sort()).toEqual([[ADA.email], [SOFIA.email]]);
  });

  it('confirms to the client and the hunter, each with an .ics invite, and plans both reminders', async () => {
    const data = booking({ platformFeePence: 200 });
    await publish('bookings.booking.confirmed', data);
    await waitFor('both confirmations', () => mailsOf(data.bookingId, 'confirmation').length === 2);

    const toAda = mailsOf(data.bookingId, 'confirmation').find((mail) => mail.to[0] === ADA.email)!;
    expect(toAda.raw).toContain('Subject: Booking confirmed: WhatsApp Video Call with Sofia Martinez');
    const adaText = mimeParts(toAda.raw, 'text/plain')[0]!.body;
    expect(adaText).toContain('Price: £80.00');
    expect(adaText).toContain('https://hunted.test/my-bookings');
    // The client's confirmation is their receipt (decision 0102): the operator from the configuration, the fee the
    // event carried, the cancellation policy and where to complain; the hunter's is not.
    expect(adaText).toContain('Sold by: Hunted Ltd (development)');
    expect(adaText).toContain('Price: £80.00, including the platform fee of £2.00');
    expect(adaText).toContain(`- ${CANCELLATION_POLICY.rules[0]}`);
    expect(adaText).toContain('https://hunted.test/contact');
    const toSofia = mailsOf(data.bookingId, 'confirmation').find((mail) => mail.to[0] === SOFIA.email)!;
    expect(toSofia.raw).toContain('Subject: New booking: WhatsApp Video Call with Ada Lovelace');
    expect(mimeParts(toSofia.raw, 'text/plain')[0]!.body).toContain('https://hunted.test/hunter-dashboard');

    for (const mail of [toAda, toSofia]) {
      const ics = calendarOf(mail);
      expect(ics).toContain('\r\nMETHOD:REQUEST\r\n');
      expect(ics).toContain(`\r\nUID:${data.bookingId}@hunted\r\n`);
      expect(ics).toContain('\r\nSEQUENCE:0\r\n');
      expect(ics).toContain(`\r\nDTSTART:${data.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}\r\n`);
      expect(ics).toContain(`\r\nDTEND:${data.endsAt.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}\r\n`);
    }

    const reminders = (await emailsOf(data.bookingId)).filter((row) => row.kind.startsWith('reminder'));
    expect(reminders).toHaveLength(4);
    for (const reminder of reminders) {
      expect(reminder.status).toBe('pending');
      const lead = reminder.kind === 'reminder_24h' ? DAY : HOUR;
      expect(new Date(reminder.send_at).getTime()).toBe(Date.parse(data.startsAt) - lead);
    }
    // Each waits in Redis as a delayed job keyed by its row.
    await waitFor('the delayed reminder jobs', async () => {
      const states = await Promise.all(
        reminders.map((r) =>
          redis.zscore(`${redisPrefix}bull:messaging-email:delayed`, `email-${r.id}`),
        ),
      );
      return states.every((score) => score !== null);
    });
  });

  it('sends the moved invite with SEQUENCE 1 to both and re-plans the reminders', async () => {
    const data = booking();
    await publish('bookings.booking.confirmed', data);
    await waitFor('the confirmations', () => mailsOf(data.bookingId, 'confirmation').length === 2);
    const startsAt = new Date(Date.parse(data.startsAt) + 2 * DAY).toISOString();
    const endsAt = new Date(Date.parse(data.endsAt) + 2 * DAY).toISOString();
    await publish('bookings.booking.rescheduled', {
      ...data,
      startsAt,
      endsAt,
      sequence: 1,
      previousStartsAt: data.startsAt,
      previousEndsAt: data.endsAt,
    });
    // Moved inside the window after the confirmation: the invites wait for its end.
    expect(mailsOf(data.bookingId, 'rescheduled')).toHaveLength(0);
    expect(await endCoalesceWindow(data.bookingId)).toBe(2);
    await waitFor('both moved invites', () => mailsOf(data.bookingId, 'rescheduled').length === 2);
    for (const mail of mailsOf(data.bookingId, 'rescheduled')) {
      const ics = calendarOf(mail);
      expect(ics).toContain('\r\nMETHOD:REQUEST\r\n');
      expect(ics).toContain(`\r\nUID:${data.bookingId}@hunted\r\n`);
      expect(ics).toContain('\r\nSEQUENCE:1\r\n');
      expect(ics).toContain(`\r\nDTSTART:${startsAt.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}\r\n`);
      expect(mail.raw).toContain('Subject: Booking moved:');
    }
    const reminders = (await emailsOf(data.bookingId)).filter((row) => row.kind.startsWith('reminder'));
    expect(reminders.filter((r) => r.sequence === 0).map((r) => [r.status, r.skipped_reason])).toEqual(
      Array.from({ length: 4 }, () => ['skipped', 'booking rescheduled']),
    );
    const current = reminders.filter((r) => r.sequence === 1);
    expect(current).toHaveLength(4);
    expect(current.every((r) => r.status === 'pending')).toBe(true);
    expect(await bookingCopy(data.bookingId)).toMatchObject({ status: 'confirmed', sequence: 1 });

    // The older confirmation arriving late changes nothing and sends nothing: applied, it plans no email at all
    // (not even one for later), and the booking copy stays as it was.
    await settled(data.bookingId);
    const planned = await emailsOf(data.bookingId);
    await publish('bookings.booking.confirmed', data);
    await settled(data.bookingId);
    expect(await emailsOf(data.bookingId)).toEqual(planned);
    expect(await bookingCopy(data.bookingId)).toMatchObject({ sequence: 1, starts_at: new Date(startsAt) });
    expect(mailsOf(data.bookingId, 'confirmation')).toHaveLength(2);
  });

  it('three moves inside the window after the confirmation make one email each, with the last time and SEQUENCE', async () => {
    const data = booking();
    await publish('bookings.booking.confirmed', data);
    await waitFor('the confirmations', () => mailsOf(data.bookingId, 'confirmation').length === 2);
    const movedBy = (days: number) => ({
      startsAt: new Date(Date.parse(data.startsAt) + days * DAY).toISOString(),
      endsAt: new Date(Date.parse(data.endsAt) + days * DAY).toISOString(),
    });
    let previous = { startsAt: data.startsAt, endsAt: data.endsAt };
    for (const sequence of [1, 2, 3]) {
      const to = movedBy(sequence);
      await publish('bookings.booking.rescheduled', {
        ...data,
        ...to,
        sequence,
        previousStartsAt: previous.startsAt,
        previousEndsAt: previous.endsAt,
      });
      previous = to;
    }
    await waitFor('the third move applied', async () => (await bookingCopy(data.bookingId))?.sequence === 3);
    const planned = (await emailsOf(data.bookingId)).filter((row) => row.kind === 'rescheduled');
    expect(planned.map((row) => [row.sequence, row.status, row.skipped_reason])).toEqual([
      [1, 'skipped', 'merged into a later change'],
      [1, 'skipped', 'merged into a later change'],
      [2, 'skipped', 'merged into a later change'],
      [2, 'skipped', 'merged into a later change'],
      [3, 'pending', null],
      [3, 'pending', null],
    ]);
    expect(mailsOf(data.bookingId, 'rescheduled')).toHaveLength(0);

    expect(await endCoalesceWindow(data.bookingId)).toBe(2);
    await waitFor('the one moved invite each', () => mailsOf(data.bookingId, 'rescheduled').length === 2);
    await settled(data.bookingId);
    const moved = mailsOf(data.bookingId, 'rescheduled');
    expect(moved).toHaveLength(2);
    const last = movedBy(3);
    for (const mail of moved) {
      const ics = calendarOf(mail);
      expect(ics).toContain('\r\nSEQUENCE:3\r\n');
      expect(ics).toContain(`\r\nDTSTART:${last.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}\r\n`);
      // Moved from the time the recipient last heard of, the confirmed one.
      expect(mimeParts(mail.raw, 'text/plain')[0]!.body).toContain(
        ` from ${spanLabelIn('Europe/London', new Date(data.startsAt), new Date(data.endsAt))}`,
      );
    }
    expect(mailsOf(data.bookingId)).toHaveLength(4);
  });

  it('cancels with METHOD:CANCEL to both and never sends the reminders', async () => {
    // The 1 h reminder falls due ten minutes from now, so it is planned: it would be sent then if the cancellation
    // did not stop it.
    const startsAt = new Date(Date.now() + HOUR + 10 * 60_000);
    const data = booking({
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
    });
    await publish('bookings.booking.confirmed', data);
    await waitFor('the confirmations', () => mailsOf(data.bookingId, 'confirmation').length === 2);
    await publish('bookings.booking.cancelled', { ...data, sequence: 1, cancelledBy: 'client', refundPence: 8000, cause: null, reason: null });
    expect(await endCoalesceWindow(data.bookingId)).toBe(2);
    await waitFor('both cancellations', () => mailsOf(data.bookingId, 'cancellation').length === 2);

    for (const mail of mailsOf(data.bookingId, 'cancellation')) {
      const ics = calendarOf(mail);
      expect(ics).toContain('\r\nMETHOD:CANCEL\r\n');
      expect(ics).toContain('\r\nSTATUS:CANCELLED\r\n');
      expect(ics).toContain('\r\nSEQUENCE:1\r\n');
      expect(ics).toContain(`\r\nUID:${data.bookingId}@hunted\r\n`);
    }
    const toAda = mailsOf(data.bookingId, 'cancellation').find((mail) => mail.to[0] === ADA.email)!;
    expect(mimeParts(toAda.raw, 'text/plain')[0]!.body).toContain('You will be refunded £80.00');

    const reminders = (await emailsOf(data.bookingId)).filter((row) => row.kind.startsWith('reminder'));
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.every((r) => r.status === 'skipped' && r.skipped_reason === 'booking cancelled')).toBe(true);
    // Never sent: their delayed jobs leave Redis, and a job that ran anyway once its time had come sends nothing.
    await waitFor('the reminder jobs out of Redis', async () => {
      const scores = await Promise.all(
        reminders.map((r) => redis.zscore(`${redisPrefix}bull:messaging-email:delayed`, `email-${r.id}`)),
      );
      return scores.every((score) => score === null);
    });
    await db.query(`update outbound_emails set send_at = now() where id = any($1::bigint[])`, [reminders.map((r) => r.id)]);
    for (const reminder of reminders) expect(await runEmailJob(reminder.id)).toEqual({ sent: false });
    await settled(data.bookingId);
    expect(mailsOf(data.bookingId, 'reminder_1h')).toHaveLength(0);
    expect(await bookingCopy(data.bookingId)).toMatchObject({ status: 'cancelled', sequence: 1 });
  });

  it('takes the delayed reminder jobs of a moved or cancelled booking out of Redis, not only their rows', async () => {
    const delayed = (emailId: string) =>
      redis.zscore(`${redisPrefix}bull:messaging-email:delayed`, `email-${emailId}`);
    const remindersAt = async (bookingId: string, sequence: number) =>
      (await emailsOf(bookingId)).filter((row) => row.kind.startsWith('reminder') && row.sequence === sequence);
    const data = booking();
    await publish('bookings.booking.confirmed', data);
    await waitFor('the first reminders to wait in Redis', async () => {
      const planned = await remindersAt(data.bookingId, 0);
      return planned.length === 4 && (await Promise.all(planned.map((r) => delayed(r.id)))).every((s) => s !== null);
    });
    const first = await remindersAt(data.bookingId, 0);

    const startsAt = new Date(Date.parse(data.startsAt) + DAY).toISOString();
    const endsAt = new Date(Date.parse(data.endsAt) + DAY).toISOString();
    const moved = { ...data, startsAt, endsAt, sequence: 1 };
    await publish('bookings.booking.rescheduled', {
      ...moved,
      previousStartsAt: data.startsAt,
      previousEndsAt: data.endsAt,
    });
    await waitFor("the old time's reminder jobs to leave Redis, the new time's to arrive", async () => {
      const gone = (await Promise.all(first.map((r) => delayed(r.id)))).every((score) => score === null);
      const planned = await remindersAt(data.bookingId, 1);
      const waiting = (await Promise.all(planned.map((r) => delayed(r.id)))).every((score) => score !== null);
      return gone && planned.length === 4 && waiting;
    });
    const second = await remindersAt(data.bookingId, 1);

    await publish('bookings.booking.cancelled', { ...moved, sequence: 2, cancelledBy: 'hunter', refundPence: 8000, cause: null, reason: null });
    await waitFor("the cancelled booking's reminder jobs to leave Redis", async () =>
      (await Promise.all(second.map((r) => delayed(r.id)))).every((score) => score === null),
    );
    expect((await remindersAt(data.bookingId, 1)).every((r) => r.status === 'skipped')).toBe(true);
  });

  it('sends the 1 h reminder when it falls due', async () => {
    const startsAt = new Date(Date.now() + HOUR + 3_000);
    const data = booking({
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
    });
    await publish('bookings.booking.confirmed', data);
    await waitFor('both 1 h reminders', () => mailsOf(data.bookingId, 'reminder_1h').length === 2, 20_000);
    const toAda = mailsOf(data.bookingId, 'reminder_1h').find((mail) => mail.to[0] === ADA.email)!;
    expect(toAda.raw).toMatch(/Subject: Reminder: WhatsApp Video Call with Sofia Martinez at \d{2}:\d{2} (GMT|BST)/);
    // The 24 h reminder's time had passed when the booking was confirmed: it was never planned.
    expect((await emailsOf(data.bookingId)).filter((row) => row.kind === 'reminder_24h')).toHaveLength(0);
  });

  it('plans no reminder whose time has passed: a booking 30 minutes ahead gets its confirmation only', async () => {
    const startsAt = new Date(Date.now() + 30 * 60 * 1000);
    const data = booking({
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
    });
    await publish('bookings.booking.confirmed', data);
    await waitFor('the confirmations', () => mailsOf(data.bookingId, 'confirmation').length === 2);
    await settled(data.bookingId);
    expect((await emailsOf(data.bookingId)).map((row) => row.kind)).toEqual(['confirmation', 'confirmation']);
    expect(mailsOf(data.bookingId)).toHaveLength(2);
  });

  it('skips a reminder that runs after the session started (Redis was away), and never sends it later', async () => {
    const data = booking();
    await publish('bookings.booking.confirmed', data);
    await waitFor('the confirmations', () => mailsOf(data.bookingId, 'confirmation').length === 2);
    const reminder = (await emailsOf(data.bookingId)).find(
      (row) => row.kind === 'reminder_1h' && row.recipient_role === 'client',
    )!;
    // As if the reminder's job ran only now, after an outage: its time and the start are past.
    await db.query(`update booking_copies set starts_at = now() - interval '5 minutes' where booking_id = $1`, [
      data.bookingId,
    ]);
    await db.query(`update outbound_emails set send_at = now() - interval '65 minutes' where id = $1`, [reminder.id]);
    const outcome = await runEmailJob(reminder.id);
    expect(outcome).toEqual({ sent: false, skipped: 'session already started' });
    // Never later: its job run again (its delayed one, or a sweep) finds it skipped and sends nothing.
    expect(await runEmailJob(reminder.id)).toEqual({ sent: false });
    await settled(data.bookingId);
    expect(mailsOf(data.bookingId, 'reminder_1h')).toHaveLength(0);
    expect((await emailsOf(data.bookingId)).find((row) => row.id === reminder.id)).toMatchObject({
      status: 'skipped',
      skipped_reason: 'session already started',
    });
  });

  describe("in each member's own zone (issue 38)", () => {
    const CHLOE = {
      userId: 'user-chloe',
      email: 'chloe@example.com',
      firstName: 'Chloe',
      lastName: 'Durand',
      profileImageUrl: null,
      instagramUrl: null,
    };

    /** An .ics DATE-TIME in UTC (`20270309T090000Z`) read back as the instant it names. */
    function icsInstant(ics: string, name: 'DTSTART' | 'DTEND'): number {
      const value = new RegExp(`\r\n${name}:(\\d{8}T\\d{6}Z)\r\n`).exec(ics)?.[1];
      expect(value, name).toBeDefined();
      const [, y, mo, d, h, mi, sec] = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value!)!;
      return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec));
    }

    const textOf = (mail: ReceivedMail) => mimeParts(mail.raw, 'text/plain')[0]!.body;

    beforeAll(async () => {
      // A client in Paris, and the hunter in London, as identity announces their zones.
      await publish('identity.user.updated', { ...CHLOE, timeZone: 'Europe/Paris' });
      await publish('identity.user.updated', { ...SOFIA, instagramUrl: null, timeZone: 'Europe/London' });
      await waitFor('both zones in the users copy', async () => {
        const zones = await rows<{ user_id: string; time_zone: string | null }>(
          `select user_id, time_zone from users where user_id = any($1) and email is not null order by user_id`,
          [[CHLOE.userId, SOFIA.userId]],
        );
        return zones.map((row) => row.time_zone).join() === 'Europe/Paris,Europe/London';
      });
    });

    it('keeps a zone through an update that carries none (an event from before zones were kept)', async () => {
      await publish('identity.user.updated', { ...CHLOE, lastName: 'Durand-Moreau' });
      await waitFor('the new name', async () => {
        const [row] = await rows<{ last_name: string }>(`select last_name from users where user_id = $1`, [CHLOE.userId]);
        return row?.last_name === 'Durand-Moreau';
      });
      expect(await rows(`select time_zone from users where user_id = $1`, [CHLOE.userId])).toEqual([{ time_zone: 'Europe/Paris' }]);
    });

    it('confirms one booking to the client in Paris and the hunter in London, each on their own clock, with one invite instant', async () => {
      // Tuesday 9 March 2027, 09:00–10:00 UTC: 10:00 CET in Paris, 09:00 GMT in London.
      const data = booking({
        clientUserId: CHLOE.userId,
        startsAt: '2027-03-09T09:00:00.000Z',
        endsAt: '2027-03-09T10:00:00.000Z',
      });
      await publish('bookings.booking.confirmed', data);
      await waitFor('both confirmations', () => mailsOf(data.bookingId, 'confirmation').length === 2);
      const toChloe = mailsOf(data.bookingId, 'confirmation').find((mail) => mail.to[0] === CHLOE.email)!;
      const toSofia = mailsOf(data.bookingId, 'confirmation').find((mail) => mail.to[0] === SOFIA.email)!;

      expect(textOf(toChloe)).toContain('When: Tuesday, 9 March 2027, 10:00–11:00 CET (Paris time)');
      expect(textOf(toChloe)).toContain('Service: WhatsApp Video Call, Tuesday, 9 March 2027, 10:00–11:00 CET (Paris time)');
      expect(textOf(toChloe)).not.toContain('London time');
      expect(textOf(toSofia)).toContain('When: Tuesday, 9 March 2027, 09:00–10:00 GMT (London time)');

      // The invite is in UTC, no TZID to guess: read back, it is the booking's instant for both.
      for (const mail of [toChloe, toSofia]) {
        const ics = calendarOf(mail);
        expect(ics).not.toContain('TZID');
        expect(icsInstant(ics, 'DTSTART')).toBe(Date.parse(data.startsAt));
        expect(icsInstant(ics, 'DTEND')).toBe(Date.parse(data.endsAt));
      }

      // The reminders are instants before the start, the same for both whatever their zones.
      const reminders = (await emailsOf(data.bookingId)).filter((row) => row.kind.startsWith('reminder'));
      expect(reminders.map((row) => [row.kind, row.recipient_role, new Date(row.send_at).toISOString()]).sort()).toEqual(
        [
          ['reminder_1h', 'client', '2027-03-09T08:00:00.000Z'],
          ['reminder_1h', 'hunter', '2027-03-09T08:00:00.000Z'],
          ['reminder_24h', 'client', '2027-03-08T09:00:00.000Z'],
          ['reminder_24h', 'hunter', '2027-03-08T09:00:00.000Z'],
        ].sort(),
      );
    });

    it('sends the 1 h reminder at its instant, the client reading Paris time and the hunter London time', async () => {
      const startsAt = new Date(Date.now() + HOUR + 3_000);
      const data = booking({
        clientUserId: CHLOE.userId,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
      });
      await publish('bookings.booking.confirmed', data);
      await waitFor('both 1 h reminders', () => mailsOf(data.bookingId, 'reminder_1h').length === 2, 20_000);
      const toChloe = mailsOf(data.bookingId, 'reminder_1h').find((mail) => mail.to[0] === CHLOE.email)!;
      const toSofia = mailsOf(data.bookingId, 'reminder_1h').find((mail) => mail.to[0] === SOFIA.email)!;
      const paris = wallClockIn('Europe/Paris', startsAt);
      const london = wallClockIn('Europe/London', startsAt);
      expect(paris.time).not.toBe(london.time);
      // Headers unfolded (a long Subject is folded onto a second line).
      const headersOf = (mail: ReceivedMail) => mail.raw.replace(/\r\n(?=[ \t])/g, '');
      expect(headersOf(toChloe)).toContain(`Subject: Reminder: WhatsApp Video Call with Sofia Martinez at ${paris.time} ${paris.zone}`);
      expect(headersOf(toSofia)).toContain(`Subject: Reminder: WhatsApp Video Call with Chloe Durand-Moreau at ${london.time} ${london.zone}`);
      // Sent no earlier than its instant, an hour before the start, for both.
      const sent = (await emailsOf(data.bookingId)).filter((row) => row.kind === 'reminder_1h');
      for (const row of sent) expect(new Date(row.send_at).getTime()).toBe(startsAt.getTime() - HOUR);
    });
  });

  it('tells the client of a refund once', async () => {
    const data = booking();
    await publish('bookings.booking.confirmed', data);
    await publish('bookings.booking.cancelled', { ...data, sequence: 1, cancelledBy: 'hunter', refundPence: 8000, cause: null, reason: null });
    const refunded = { ...data, sequence: 1, refundPence: 8000, reason: 'cancelled' as const };
    await publish('bookings.booking.refunded', refunded);
    await publish('bookings.booking.refunded', refunded);
    await waitFor('the refund email', () => mailsOf(data.bookingId, 'refund').length === 1);
    await settled(data.bookingId);
    expect((await emailsOf(data.bookingId)).filter((row) => row.kind === 'refund')).toHaveLength(1);
    const refunds = mailsOf(data.bookingId, 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.to).toEqual([ADA.email]);
    expect(refunds[0]!.raw).toMatch(/^Subject: .*Refund/m);
    expect(mimeParts(refunds[0]!.raw, 'text/plain')[0]!.body).toContain('We have refunded £80.00');
    // Sent at once if it came before the confirmation went (it then takes its place), else at the window's end.
    await endCoalesceWindow(data.bookingId);
    await waitFor('the hunter told of the cancellation', () => mailsOf(data.bookingId, 'cancellation').length === 2);
    const toSofia = mailsOf(data.bookingId, 'cancellation').find((mail) => mail.to[0] === SOFIA.email)!;
    expect(mimeParts(toSofia.raw, 'text/plain')[0]!.body).toContain('You cancelled this booking.');
  });
});

describe('messaging: booking emails while Redis is away', () => {
  it('writes the emails in the inbox transaction and sends them once Redis is back (the sweep queues them)', async () => {
    const schema = `${SCHEMA}_outage`;
    const inbox = new MailInbox();
    await inbox.start();
    const redis = new PrivateRedis();
    await redis.hold();
    const env = testServiceEnv(schema, {
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'booking-emails-it:',
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      BOOKING_EMAIL_BACKOFF_MS: '150',
      BOOKING_EMAIL_SWEEP_MS: '300',
    });
    const service = await startServiceApp(createMessagingApp, loadConfig(env));
    const db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await db.connect();
    try {
      const consumer = service.app.get(EventConsumer);
      const event = <T extends EventType>(type: T, data: EventPayload<T>) =>
        ({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data }) as IntegrationEvent<T>;
      // Delivered straight to the consumer (its stream is in the Redis that is down): the database is all it needs.
      await consumer.apply(event('identity.user.registered', ADA));
      const startsAt = new Date(Date.now() + 3 * DAY);
      const data: BookingEventV1 = {
        bookingId: randomUUID(),
        hunterId: HUNTER_ID,
        hunterUserId: null,
        clientUserId: ADA.userId,
        sessionType: 'askQuestion',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 15 * 60 * 1000).toISOString(),
        pricePence: 0,
        sequence: 0,
        notes: null,
        photoUrls: [],
      };
      const warnings = vi.spyOn(Logger.prototype, 'warn');
      expect(await consumer.apply(event('bookings.booking.confirmed', data))).toBe(true);
      // What the commit started is over: the job could not be added (Redis is away), and only a sweep can add it.
      await waitFor('the job given up on until Redis is back', () =>
        warnings.mock.calls.some((call) => /^job email-\d+ not added yet .*; the sweep will add it$/.test(String(call[0]))),
      );
      warnings.mockRestore();
      const pending = await db.query(`select kind, status from outbound_emails where kind = 'confirmation'`);
      expect(pending.rows).toEqual([{ kind: 'confirmation', status: 'pending' }]);
      expect(inbox.mails).toHaveLength(0);

      await redis.start();
      await waitFor('the confirmation after Redis came back', () => inbox.mails.length > 0, 20_000);
      // Sent, and no job of it left (the add queued while Redis was away, or a sweep's) that could send it again;
      // the delayed ones are the reminders, days away.
      const queue = service.app.get<JobQueue<unknown>>(emailSend.token);
      await waitFor('the row sent and nothing left to run', async () => {
        const [row] = (await db.query(`select status from outbound_emails where kind = 'confirmation'`)).rows;
        const counts = await queue.jobCounts();
        return row?.status === 'sent' && counts !== null && counts.waiting + counts.active === 0;
      });
      expect(inbox.mails).toHaveLength(1);
      expect(inbox.mails[0]!.to).toEqual([ADA.email]);
      expect(inbox.mails[0]!.raw).toContain('Price: Free');
      const sent = await db.query(`select status from outbound_emails where kind = 'confirmation'`);
      expect(sent.rows).toEqual([{ status: 'sent' }]);
    } finally {
      await db.end();
      await service.close();
      await inbox.stop();
      await redis.destroy();
    }
  });
});
