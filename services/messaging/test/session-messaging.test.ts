import { randomUUID } from 'node:crypto';
import type { BookingEventV1, ConversationMessage, EventPayload, EventType, IntegrationEvent } from '@hunted/contracts';
import { EventConsumer, setClockOffset } from '@hunted/platform';
import {
  startServiceApp,
  testIdentityToken,
  TEST_DATABASE_URL,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMessagingApp } from '../src/app.js';
import { ReviewRequestSweepJob } from '../src/booking-emails/review-request.job.js';
import { loadConfig } from '../src/config.js';
import { callAs, member, OtherServices } from './support/conversation-world.js';
import { LiveClient } from './support/live-client.js';
import { MailInbox, mimeParts, type ReceivedMail } from './mail-inbox.js';

const SCHEMA = 'messaging_session_it';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Sofia has set her joining details; Grace has not. */
const SOFIA_HUNTER = 61;
const GRACE_HUNTER = 62;
/** Pat's profile waits for an admin's approval; nobody has claimed the demo hunter yet. */
const PAT_HUNTER = 63;
const DEMO_HUNTER = 64;
const PHONE = '+447700900123';
const WA_LINK = 'https://wa.me/447700900123';

describe('messaging: the session itself (joining details, hunter actions, review requests, the question)', () => {
  let service: RunningServiceApp<NestFastifyApplication>;
  let others: OtherServices;
  let inbox: MailInbox;
  let db: pg.Client;
  const ada = member('Ada Lovelace');
  const sofia = member('Sofia Martinez');
  const grace = member('Grace Hopper');

  const publish = <T extends EventType>(type: T, data: EventPayload<T>) => others.publish(type, data);

  /** Times 12 hours ahead: inside the change window, where the joining details are released. */
  function inWindow(): Pick<BookingEventV1, 'startsAt' | 'endsAt'> {
    const startsAt = Date.now() + 12 * HOUR;
    return { startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + HOUR).toISOString() };
  }

  function booking(hunterId: number, overrides: Partial<BookingEventV1> = {}): BookingEventV1 {
    const startsAt = new Date(Date.now() + 3 * DAY);
    startsAt.setUTCMinutes(0, 0, 0);
    return {
      bookingId: randomUUID(),
      hunterId,
      hunterUserId: hunterId === SOFIA_HUNTER ? sofia.id : grace.id,
      clientUserId: ada.id,
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

  function mailsOf(bookingId: string, kind: string, to?: string): ReceivedMail[] {
    return inbox
      .withHeader('X-Hunted-Booking', bookingId)
      .filter((mail) => mail.raw.includes(`\r\nX-Hunted-Email-Kind: ${kind}\r\n`))
      .filter((mail) => !to || mail.to[0] === to);
  }
  const textOf = (mail: ReceivedMail) => mimeParts(mail.raw, 'text/plain')[0]!.body;
  const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1];
  /** The invite's attached `.ics`, its folded lines joined. */
  function calendarOf(mail: ReceivedMail): string {
    const [attached] = mimeParts(mail.raw, /^(application\/ics|text\/calendar)$/).filter((part) =>
      /^Content-Disposition: attachment/im.test(part.headers),
    );
    return attached!.body.replace(/\r\n /g, '');
  }
  const locationOf = (calendar: string) => /\r\nLOCATION:(.*)\r\n/.exec(calendar)?.[1] ?? null;

  async function rows<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await db.query(sql, params)).rows as T[];
  }

  /**
   * Every event published so far applied, and no email of these bookings due and still to send: after it, no mail
   * of theirs can come that the rows do not show planned for later.
   */
  async function settled(...bookingIds: string[]): Promise<void> {
    await waitFor('every published event applied', () => others.applied());
    await waitFor('no due email of the bookings left to send', async () => {
      const due = await rows(`select 1 from outbound_emails where booking_id = any($1) and status = 'pending' and send_at <= now()`, [
        bookingIds,
      ]);
      return due.length === 0;
    });
  }

  /** The review request sweep, with a count of its finished runs (scheduled ones and the test's own). */
  function countedSweep(): { sweep: ReviewRequestSweepJob; finished: () => number } {
    const sweep = service.app.get(ReviewRequestSweepJob);
    const run = vi.spyOn(sweep, 'run');
    return { sweep, finished: () => run.mock.settledResults.length };
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
      BOOKING_EMAIL_COALESCE_MS: '1000',
      MESSAGE_SEND_LIMIT_PER_MINUTE: '1000',
    });
    others = new OtherServices(SCHEMA, env.REDIS_PREFIX!);
    for (const schema of others.schemas()) await db.query(`drop schema if exists ${schema} cascade`);
    service = await startServiceApp(createMessagingApp, loadConfig(env));
    await others.start();
    for (const user of [ada, sofia, grace]) await others.register(user);
    await others.hunterProfile(SOFIA_HUNTER, sofia, 'Sofia Martinez');
    await others.hunterProfile(GRACE_HUNTER, grace, 'Grace Hopper');
    await publish('hunters.joining-details.changed', {
      hunterId: SOFIA_HUNTER,
      joining: {
        whatsappVoice: { phone: '+447700900999' },
        whatsappVideo: { phone: PHONE },
        inPerson: { area: 'Shoreditch', address: '1 Rivington St, London EC2A 3DT' },
      },
    });
    await waitFor('the copies', async () => {
      const [users, hunters, joining] = await Promise.all([
        rows(`select 1 from users where email is not null`),
        rows(`select 1 from hunters`),
        rows(`select 1 from hunter_joining_details`),
      ]);
      return users.length === 3 && hunters.length === 2 && joining.length === 1;
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    setClockOffset(0);
  });

  afterAll(async () => {
    setClockOffset(0);
    await others?.close();
    await service?.close();
    await inbox?.stop();
    for (const schema of others?.schemas() ?? []) await db.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  describe('joining details', () => {
    it('holds the number back from a confirmation and a move made before the change window: says when it comes (decision 0088)', async () => {
      const data = booking(SOFIA_HUNTER);
      await publish('bookings.booking.confirmed', data);
      await waitFor('both confirmations', () => mailsOf(data.bookingId, 'confirmation').length === 2);
      const toAda = mailsOf(data.bookingId, 'confirmation', ada.email)[0]!;
      expect(textOf(toAda)).toContain("How to join: You'll get the WhatsApp number 24 hours before, in your reminder email.");
      expect(toAda.raw).not.toContain(PHONE);
      expect(toAda.raw).not.toContain('wa.me');
      expect(locationOf(calendarOf(toAda))).toBeNull();

      const startsAt = new Date(Date.parse(data.startsAt) + DAY).toISOString();
      const endsAt = new Date(Date.parse(data.endsAt) + DAY).toISOString();
      await publish('bookings.booking.rescheduled', {
        ...data,
        startsAt,
        endsAt,
        sequence: 1,
        previousStartsAt: data.startsAt,
        previousEndsAt: data.endsAt,
      });
      await waitFor('the moved invite to Ada', () => mailsOf(data.bookingId, 'rescheduled', ada.email).length === 1, 15_000);
      const moved = mailsOf(data.bookingId, 'rescheduled', ada.email)[0]!;
      expect(moved.raw).not.toContain(PHONE);
      expect(locationOf(calendarOf(moved))).toBeNull();
    });

    it("gives the client the WhatsApp number and wa.me link inside the change window, as the invite's LOCATION too, and the hunter neither", async () => {
      const data = booking(SOFIA_HUNTER, inWindow());
      await publish('bookings.booking.confirmed', data);
      await waitFor('both confirmations', () => mailsOf(data.bookingId, 'confirmation').length === 2);
      const toAda = mailsOf(data.bookingId, 'confirmation', ada.email)[0]!;
      expect(textOf(toAda)).toContain(`How to join: WhatsApp ${PHONE}`);
      expect(textOf(toAda)).toContain(`Open the chat: ${WA_LINK}`);
      expect(locationOf(calendarOf(toAda))).toBe(`WhatsApp ${PHONE} ${WA_LINK}`);

      const toSofia = mailsOf(data.bookingId, 'confirmation', sofia.email)[0]!;
      expect(toSofia.raw).not.toContain(PHONE);
      expect(toSofia.raw).not.toContain('wa.me');
      expect(locationOf(calendarOf(toSofia))).toBeNull();

      // The moved invite carries it too (a move the hunter suggested, still inside the window).
      const startsAt = new Date(Date.parse(data.startsAt) + 2 * HOUR).toISOString();
      const endsAt = new Date(Date.parse(data.endsAt) + 2 * HOUR).toISOString();
      await publish('bookings.booking.rescheduled', {
        ...data,
        startsAt,
        endsAt,
        sequence: 1,
        previousStartsAt: data.startsAt,
        previousEndsAt: data.endsAt,
      });
      await waitFor('both moved invites', () => mailsOf(data.bookingId, 'rescheduled').length === 2);
      const moved = mailsOf(data.bookingId, 'rescheduled', ada.email)[0]!;
      expect(locationOf(calendarOf(moved))).toBe(`WhatsApp ${PHONE} ${WA_LINK}`);
      expect(calendarOf(moved)).toContain('\r\nSEQUENCE:1\r\n');
      expect(mailsOf(data.bookingId, 'rescheduled', sofia.email)[0]!.raw).not.toContain(PHONE);
    });

    it('sends the release reminder when the session clock enters the window, not before (decision 0097)', async () => {
      // Starts in 25 hours: its 24 h reminder, the release, is due an hour from now.
      const startsAt = Date.now() + 25 * HOUR;
      const data = booking(SOFIA_HUNTER, {
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + HOUR).toISOString(),
      });
      await publish('bookings.booking.confirmed', data);
      await waitFor('both confirmations', () => mailsOf(data.bookingId, 'confirmation').length === 2);
      await settled(data.bookingId);
      const remindersOf = (kind: string) =>
        rows<{ status: string; recipient_role: string }>(
          `select status, recipient_role from outbound_emails where booking_id = $1 and kind = $2 order by recipient_role`,
          [data.bookingId, kind],
        );
      expect(await remindersOf('reminder_24h')).toEqual([
        { status: 'pending', recipient_role: 'client' },
        { status: 'pending', recipient_role: 'hunter' },
      ]);
      expect(mailsOf(data.bookingId, 'reminder_24h')).toHaveLength(0);

      // The clock moves two hours ahead, as the e2e test clock does: the reminder is an hour late on it.
      setClockOffset(2 * HOUR);
      await waitFor('both 24 h reminders sent', async () =>
        (await remindersOf('reminder_24h')).every((reminder) => reminder.status === 'sent'),
      );
      const toAda = mailsOf(data.bookingId, 'reminder_24h', ada.email)[0]!;
      expect(textOf(toAda)).toContain(`How to join: WhatsApp ${PHONE}`);
      const invite = calendarOf(toAda);
      expect(invite).toContain(`\r\nUID:${data.bookingId}@hunted\r\n`);
      expect(invite).toContain('\r\nSEQUENCE:1\r\n');
      expect(locationOf(invite)).toBe(`WhatsApp ${PHONE} ${WA_LINK}`);
      expect(mailsOf(data.bookingId, 'reminder_24h', sofia.email)[0]!.raw).not.toContain(PHONE);
      // The 1 h reminder is still a day away on the moved clock.
      expect((await remindersOf('reminder_1h')).map((reminder) => reminder.status)).toEqual(['pending', 'pending']);
    });

    it('gives the meeting address in person, and says the hunter will message the details when none are set', async () => {
      const inPerson = booking(SOFIA_HUNTER, { sessionType: 'inPerson', ...inWindow() });
      const unset = booking(GRACE_HUNTER, inWindow());
      await publish('bookings.booking.confirmed', inPerson);
      await publish('bookings.booking.confirmed', unset);
      await waitFor('the confirmations to Ada', () =>
        mailsOf(inPerson.bookingId, 'confirmation', ada.email).length === 1 &&
        mailsOf(unset.bookingId, 'confirmation', ada.email).length === 1,
      );
      const place = mailsOf(inPerson.bookingId, 'confirmation', ada.email)[0]!;
      expect(textOf(place)).toContain('How to join: in person');
      expect(textOf(place)).toContain('Area: Shoreditch');
      expect(textOf(place)).toContain('Address: 1 Rivington St, London EC2A 3DT');
      expect(locationOf(calendarOf(place))).toBe('Shoreditch\\, 1 Rivington St\\, London EC2A 3DT');

      const pending = mailsOf(unset.bookingId, 'confirmation', ada.email)[0]!;
      expect(textOf(pending)).toContain('How to join: Grace Hopper will message you the details before the session.');
      expect(locationOf(calendarOf(pending))).toBeNull();
      expect(pending.raw).not.toContain(PHONE);
    });
  });

  describe("the hunter's actions and disputes", () => {
    it("tells the client the hunter's reason for cancelling and the full refund", async () => {
      const data = booking(SOFIA_HUNTER);
      await publish('bookings.booking.confirmed', data);
      await publish('bookings.booking.cancelled', {
        ...data,
        sequence: 1,
        cancelledBy: 'hunter',
        refundPence: 8000,
        cause: null,
        reason: 'My flight was cancelled',
      });
      await waitFor('the cancellation to Ada', () => mailsOf(data.bookingId, 'cancellation', ada.email).length === 1, 15_000);
      const text = textOf(mailsOf(data.bookingId, 'cancellation', ada.email)[0]!);
      expect(text).toContain('Sofia Martinez cancelled this booking.');
      expect(text).toContain('Their reason: "My flight was cancelled"');
      expect(text).toContain('You will get a full refund of £80.00');
      expect(text).not.toContain(PHONE);
    });

    it('emails the suggested time to the client, a decline to the hunter, once per event', async () => {
      const data = booking(SOFIA_HUNTER);
      await publish('bookings.booking.confirmed', data);
      const proposedStartsAt = new Date(Date.parse(data.startsAt) + DAY).toISOString();
      const proposedEndsAt = new Date(Date.parse(data.endsAt) + DAY).toISOString();
      const proposed = await publish('bookings.booking.time-proposed', {
        ...data,
        proposedStartsAt,
        proposedEndsAt,
        message: 'Could we do the next day?',
      });
      // Delivered again: still one email.
      await service.app.get(EventConsumer).apply(proposed as IntegrationEvent);
      await publish('bookings.booking.proposal-declined', { ...data, proposedStartsAt, proposedEndsAt });
      await waitFor('the suggestion and the decline', () =>
        mailsOf(data.bookingId, 'time_proposed').length === 1 && mailsOf(data.bookingId, 'proposal_declined').length === 1,
      );
      await settled(data.bookingId);
      const suggestion = mailsOf(data.bookingId, 'time_proposed');
      expect(suggestion).toHaveLength(1);
      expect(suggestion[0]!.to).toEqual([ada.email]);
      expect(subjectOf(suggestion[0]!)).toBe('New time suggested: WhatsApp Video Call with Sofia Martinez');
      expect(textOf(suggestion[0]!)).toContain('Their message: "Could we do the next day?"');
      expect(textOf(suggestion[0]!)).toContain('Accept or decline it on My bookings: https://hunted.test/my-bookings');
      const declined = mailsOf(data.bookingId, 'proposal_declined');
      expect(declined.map((mail) => mail.to)).toEqual([[sofia.email]]);
      expect(textOf(declined[0]!)).toContain('Ada Lovelace declined the time you suggested');
    });

    it('tells the client of a no-show (with the dispute window), the hunter of the dispute and both of the outcome', async () => {
      const data = booking(SOFIA_HUNTER);
      await publish('bookings.booking.confirmed', data);
      await publish('bookings.booking.attendance-marked', { ...data, attendance: 'no_show', markedAt: new Date().toISOString() });
      await publish('bookings.booking.disputed', { ...data, reason: 'I waited on the call for 20 minutes' });
      await publish('bookings.booking.dispute-resolved', { ...data, resolution: 'refund', note: 'The call log agrees', refundPence: 8000 });
      await waitFor('the no-show, dispute and outcome emails', () =>
        mailsOf(data.bookingId, 'no_show').length === 1 &&
        mailsOf(data.bookingId, 'disputed').length === 1 &&
        mailsOf(data.bookingId, 'dispute_resolved').length === 2,
      );
      const noShow = mailsOf(data.bookingId, 'no_show');
      expect(noShow[0]!.to).toEqual([ada.email]);
      expect(textOf(noShow[0]!)).toContain('you can dispute this within 48 hours on My bookings: https://hunted.test/my-bookings');
      const disputed = mailsOf(data.bookingId, 'disputed');
      expect(disputed[0]!.to).toEqual([sofia.email]);
      expect(textOf(disputed[0]!)).toContain('Their reason: "I waited on the call for 20 minutes"');
      expect(textOf(mailsOf(data.bookingId, 'dispute_resolved', ada.email)[0]!)).toContain('you will be refunded £80.00 in full');
      expect(textOf(mailsOf(data.bookingId, 'dispute_resolved', sofia.email)[0]!)).toContain('the client is refunded £80.00 in full');
      expect((await rows(`select attendance from booking_copies where booking_id = $1`, [data.bookingId]))[0]).toEqual({
        attendance: 'no_show',
      });
    });

    it('tells the client that the hunter marked the session held, and where to review them', async () => {
      const held = booking(SOFIA_HUNTER);
      await publish('bookings.booking.confirmed', held);
      await publish('bookings.booking.attendance-marked', { ...held, attendance: 'held', markedAt: new Date().toISOString() });
      const ledger = () =>
        rows(`select recipient_role, status from outbound_emails where booking_id = $1 and kind = 'session_held'`, [held.bookingId]);
      // The ledger marks the row sent just after the SMTP server accepts it.
      await waitFor('the held email', async () => (await ledger())[0]?.status === 'sent');
      const [mail, ...more] = mailsOf(held.bookingId, 'session_held');
      expect(more).toEqual([]);
      expect(mail!.to).toEqual([ada.email]);
      expect(subjectOf(mail!)).toBe('Your session with Sofia Martinez is marked as held');
      expect(textOf(mail!)).toContain('Sofia Martinez has marked your WhatsApp Video Call as held.');
      expect(textOf(mail!)).toContain('Once it has ended, you can review Sofia Martinez on My bookings for 30 days: https://hunted.test/my-bookings');
      // Through the ledger like every booking email: one row, sent, for the client only; never a no-show email.
      expect(await ledger()).toEqual([{ recipient_role: 'client', status: 'sent' }]);
      expect((await rows(`select attendance from booking_copies where booking_id = $1`, [held.bookingId]))[0]).toEqual({ attendance: 'held' });
      expect(mailsOf(held.bookingId, 'no_show')).toHaveLength(0);
    });
  });

  describe('the review request', () => {
    it('asks the client two hours after the session ends, on the moved clock, once; never for a cancelled or no-show booking, but for an overturned one', async () => {
      const soon = (hunterId: number) => {
        const startsAt = new Date(Date.now() + 30 * 60 * 1000);
        return booking(hunterId, {
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
        });
      };
      const held = soon(SOFIA_HUNTER);
      const cancelled = soon(SOFIA_HUNTER);
      const noShow = soon(GRACE_HUNTER);
      // A no-show the admin overturned (a refunded dispute): held by the outcome, so asked, as reviews takes its review.
      const overturned = soon(GRACE_HUNTER);
      const later = booking(SOFIA_HUNTER);
      // Free (decision 0090): asked only once its hunter marked it held, as only then would its review count.
      const free = { ...soon(SOFIA_HUNTER), pricePence: 0 };
      const freeHeld = { ...soon(GRACE_HUNTER), pricePence: 0 };
      for (const data of [held, cancelled, noShow, overturned, later, free, freeHeld]) await publish('bookings.booking.confirmed', data);
      await publish('bookings.booking.attendance-marked', { ...freeHeld, attendance: 'held', markedAt: new Date().toISOString() });
      await publish('bookings.booking.cancelled', { ...cancelled, sequence: 1, cancelledBy: 'client', refundPence: 8000, cause: null, reason: null });
      await publish('bookings.booking.attendance-marked', { ...noShow, attendance: 'no_show', markedAt: new Date().toISOString() });
      await publish('bookings.booking.attendance-marked', { ...overturned, attendance: 'no_show', markedAt: new Date().toISOString() });
      await publish('bookings.booking.dispute-resolved', { ...overturned, resolution: 'refund', note: 'The call log agrees', refundPence: 8000 });
      await waitFor('the copies', async () => {
        const copied = await rows(
          `select 1 from booking_copies
            where (booking_id = $1 and status = 'cancelled') or (booking_id = $2 and no_show)
               or (booking_id = $3 and dispute_resolution = 'refund' and not no_show)
               or (booking_id = $4 and review_qualifies) or (booking_id = $5 and not review_qualifies)`,
          [cancelled.bookingId, noShow.bookingId, overturned.bookingId, freeHeld.bookingId, free.bookingId],
        );
        return copied.length === 5;
      });

      // Not over yet: the sweep asks nobody.
      const { sweep, finished } = countedSweep();
      expect(await sweep.run()).toEqual({ requested: 0 });

      // Three and a half hours on (the end + 2 h has passed): the move runs the scheduled sweep at once.
      setClockOffset(3.5 * HOUR);
      await waitFor(
        'the review requests',
        () =>
          mailsOf(held.bookingId, 'review_request').length === 1 &&
          mailsOf(overturned.bookingId, 'review_request').length === 1 &&
          mailsOf(freeHeld.bookingId, 'review_request').length === 1,
        15_000,
      );
      const request = mailsOf(held.bookingId, 'review_request')[0]!;
      expect(request.to).toEqual([ada.email]);
      expect(subjectOf(request)).toBe('How was your session with Sofia Martinez?');
      expect(textOf(request)).toContain('https://hunted.test/my-bookings');

      // Swept again, and again after another move (the run it starts, finished): nothing more.
      expect(await sweep.run()).toEqual({ requested: 0 });
      const runsBeforeMove = finished();
      setClockOffset(4 * HOUR);
      await waitFor('the sweep the move ran', () => finished() > runsBeforeMove);
      await settled(held.bookingId, cancelled.bookingId, noShow.bookingId, overturned.bookingId, later.bookingId, free.bookingId);
      expect(mailsOf(held.bookingId, 'review_request')).toHaveLength(1);
      expect(mailsOf(overturned.bookingId, 'review_request')).toHaveLength(1);
      for (const other of [cancelled, noShow, later, free]) expect(mailsOf(other.bookingId, 'review_request')).toHaveLength(0);
      expect(
        await rows(`select booking_id, status from outbound_emails where kind = 'review_request' and booking_id = any($1)`, [
          [held.bookingId, cancelled.bookingId, noShow.bookingId, later.bookingId, free.bookingId],
        ]),
      ).toEqual([{ booking_id: held.bookingId, status: 'sent' }]);
      expect(
        await rows(`select booking_id, status from outbound_emails where kind = 'review_request' and booking_id = $1`, [
          overturned.bookingId,
        ]),
      ).toEqual([{ booking_id: overturned.bookingId, status: 'sent' }]);
    });

    it('asks about a booking moved later only once its new end has passed', async () => {
      const startsAt = new Date(Date.now() + 30 * 60 * 1000);
      const data = booking(SOFIA_HUNTER, {
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
      });
      await publish('bookings.booking.confirmed', data);
      const movedStart = new Date(startsAt.getTime() + DAY);
      await publish('bookings.booking.rescheduled', {
        ...data,
        sequence: 1,
        startsAt: movedStart.toISOString(),
        endsAt: new Date(movedStart.getTime() + HOUR).toISOString(),
        previousStartsAt: data.startsAt,
        previousEndsAt: data.endsAt,
      });
      await waitFor('the move copied', async () =>
        (await rows(`select 1 from bookings where booking_id = $1 and sequence = 1`, [data.bookingId])).length === 1,
      );
      const { sweep, finished } = countedSweep();
      setClockOffset(4 * HOUR);
      // The sweep the move ran, and one more of the test's own, both finished: neither wrote a request.
      await waitFor('the sweep the move ran', () => finished() >= 1);
      expect(await sweep.run()).toEqual({ requested: 0 });
      expect(await rows(`select 1 from outbound_emails where booking_id = $1 and kind = 'review_request'`, [data.bookingId])).toEqual([]);
      expect(mailsOf(data.bookingId, 'review_request')).toHaveLength(0);
      setClockOffset(DAY + 4 * HOUR);
      await waitFor('the review request at the new end', () => mailsOf(data.bookingId, 'review_request').length === 1, 15_000);
    });
  });

  describe("the client's question and photos", () => {
    it('puts one message from the client in the conversation, with the photos as attachments, once per booking', async () => {
      const photoUrls = ['/api/media/booking-photos/p-1', '/api/media/booking-photos/p-2'];
      const data = booking(SOFIA_HUNTER, {
        sessionType: 'askQuestion',
        notes: 'Is my 1950s Anglepoise lamp worth restoring?',
        photoUrls,
      });
      await publish('bookings.booking.confirmed', data);
      // Republished under a new event id: still one message.
      await publish('bookings.booking.confirmed', data);
      let conversationId = '';
      await waitFor('the question in the conversation', async () => {
        const found = await rows<{ conversation_id: string }>(`select conversation_id from messages where booking_id = $1`, [
          data.bookingId,
        ]);
        conversationId = found[0]?.conversation_id ?? '';
        return found.length === 1;
      });
      await waitFor('both confirmations applied', async () =>
        (await rows(`select 1 from inbox where type = 'bookings.booking.confirmed'`)).length >= 2,
      );

      const thread = (await callAs(service.base, sofia, `/api/conversations/${conversationId}/messages?limit=100`))
        .body as ConversationMessage[];
      const questions = thread.filter((message) => message.attachments.length > 0 || message.content.startsWith('Question for'));
      expect(questions).toHaveLength(1);
      expect(questions[0]).toMatchObject({
        senderId: ada.id,
        receiverId: sofia.id,
        attachments: photoUrls,
        isRead: false,
      });
      expect(questions[0]!.content).toMatch(
        /^Question for my Ask Me a Question on \w+day, \d{1,2} \w+ \d{4} at \d{2}:\d{2} (GMT|BST):\nIs my 1950s Anglepoise lamp worth restoring\?$/,
      );

      // An ordinary message has none.
      const sent = await callAs(service.base, sofia, `/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        body: { content: 'Yes, send me one more photo of the base', receiverId: ada.id },
      });
      expect(sent.status).toBe(201);
      expect(sent.body.attachments).toEqual([]);
    });

    it("delivers the question live to the hunter's open tab, attachments and all", async () => {
      const tab = new LiveClient(service.base, { 'x-hunted-identity': await testIdentityToken(sofia, 'messaging') });
      try {
        await tab.open();
        const photoUrls = ['/api/media/booking-photos/p-live'];
        const data = booking(SOFIA_HUNTER, { notes: 'Can you value this watch?', photoUrls });
        await publish('bookings.booking.confirmed', data);
        await waitFor('the live question', () => tab.deliveries.some((message) => message.content.endsWith('Can you value this watch?')));
        const delivered = tab.deliveries.find((message) => message.content.endsWith('Can you value this watch?'))!;
        expect(delivered).toMatchObject({ senderId: ada.id, receiverId: sofia.id, attachments: photoUrls });
      } finally {
        tab.close();
      }
    });

    it('writes a short line when only photos came, and nothing when neither did', async () => {
      const photos = booking(SOFIA_HUNTER, { photoUrls: ['/api/media/booking-photos/p-3'] });
      const bare = booking(SOFIA_HUNTER);
      await publish('bookings.booking.confirmed', photos);
      await publish('bookings.booking.confirmed', bare);
      await waitFor('both copied', async () =>
        (await rows(`select 1 from bookings where booking_id = any($1)`, [[photos.bookingId, bare.bookingId]])).length === 2,
      );
      const written = await rows<{ booking_id: string; content: string; attachments: string[] }>(
        `select booking_id, content, attachments from messages where booking_id = any($1)`,
        [[photos.bookingId, bare.bookingId]],
      );
      expect(written).toHaveLength(1);
      expect(written[0]!.booking_id).toBe(photos.bookingId);
      expect(written[0]!.content).toMatch(/^Photos for my WhatsApp Video Call on /);
      expect(written[0]!.attachments).toEqual(['/api/media/booking-photos/p-3']);
    });

    describe('a booking whose conversation opens after its confirmation', () => {
      const pat = member('Pat Hunter');
      const kim = member('Kim Claimer');

      async function copied(bookingId: string): Promise<void> {
        await waitFor('the booking copied', async () => (await rows(`select 1 from bookings where booking_id = $1`, [bookingId])).length === 1);
      }
      async function hunterCopy(hunterId: number, status: string, userId: string | null): Promise<void> {
        await waitFor(`hunter ${hunterId} ${status}`, async () => {
          const [copy] = await rows<{ status: string; user_id: string | null }>(
            `select status, user_id from hunters where hunter_id = $1`,
            [hunterId],
          );
          return copy?.status === status && copy.user_id === userId;
        });
      }
      /** The booking questions in the client's conversation with the hunter, oldest first. */
      const questionsWith = (hunterId: number) =>
        rows<{ booking_id: string; sender_id: string; receiver_id: string; content: string; attachments: string[] }>(
          `select m.booking_id, m.sender_id, m.receiver_id, m.content, m.attachments
             from messages m join conversations c on c.id = m.conversation_id
            where c.hunter_id = $1 and m.booking_id is not null order by m.seq`,
          [hunterId],
        );
      /** Every hunters event published so far has been applied (the copy and what its transaction does). */
      async function huntersEventsApplied(count: number): Promise<void> {
        await waitFor('the hunter events applied', async () =>
          (await rows(`select 1 from inbox where type like 'hunters.hunter.%'`)).length >= count,
        );
      }
      const huntersEventsSoFar = async () => (await rows(`select 1 from inbox where type like 'hunters.hunter.%'`)).length;

      beforeAll(async () => {
        for (const user of [pat, kim]) await others.register(user);
        await others.hunterProfile(PAT_HUNTER, pat, 'Pat Hunter', 'pending');
        await others.hunterProfile(DEMO_HUNTER, null, 'Demo Hunter');
        await hunterCopy(PAT_HUNTER, 'pending', pat.id);
        await hunterCopy(DEMO_HUNTER, 'approved', null);
      });

      it("puts the questions of a hunter's held-back bookings in the conversation their approval opens, in booking order, once", async () => {
        const first = booking(PAT_HUNTER, {
          hunterUserId: pat.id,
          sessionType: 'askQuestion',
          notes: 'Is this Barbour jacket a 1980s one?',
          photoUrls: ['/api/media/booking-photos/p-pat-1', '/api/media/booking-photos/p-pat-2'],
        });
        const second = booking(PAT_HUNTER, { hunterUserId: pat.id, photoUrls: ['/api/media/booking-photos/p-pat-3'] });
        const cancelled = booking(PAT_HUNTER, { hunterUserId: pat.id, notes: 'Never mind' });
        await publish('bookings.booking.confirmed', first);
        await copied(first.bookingId);
        await publish('bookings.booking.confirmed', second);
        await copied(second.bookingId);
        await publish('bookings.booking.confirmed', cancelled);
        await copied(cancelled.bookingId);
        await publish('bookings.booking.cancelled', {
          ...cancelled,
          sequence: 1,
          cancelledBy: 'client',
          refundPence: 8000,
          cause: null,
          reason: null,
        });
        await waitFor('the cancellation copied', async () =>
          (await rows(`select 1 from bookings where booking_id = $1 and status = 'cancelled'`, [cancelled.bookingId])).length === 1,
        );
        expect(await rows(`select 1 from conversations where hunter_id = $1`, [PAT_HUNTER])).toEqual([]);

        await others.hunterProfile(PAT_HUNTER, pat, 'Pat Hunter', 'approved', 'hunters.hunter.updated');
        await waitFor('the held-back questions', async () => (await questionsWith(PAT_HUNTER)).length === 2);
        const [conversation] = await rows<{ id: string }>(`select id from conversations where hunter_id = $1`, [PAT_HUNTER]);
        const thread = (await callAs(service.base, pat, `/api/conversations/${conversation!.id}/messages?limit=100`))
          .body as ConversationMessage[];
        expect(thread.map(({ senderId, receiverId, attachments, isRead }) => ({ senderId, receiverId, attachments, isRead }))).toEqual([
          { senderId: ada.id, receiverId: pat.id, attachments: first.photoUrls, isRead: false },
          { senderId: ada.id, receiverId: pat.id, attachments: second.photoUrls, isRead: false },
        ]);
        expect(thread[0]!.content).toMatch(/^Question for my Ask Me a Question on .*:\nIs this Barbour jacket a 1980s one\?$/);
        expect(thread[1]!.content).toMatch(/^Photos for my WhatsApp Video Call on /);
        expect((await callAs(service.base, pat, '/api/conversations/unread-count')).body).toEqual({ messages: 2, conversations: 1 });

        // The approval again (a second delivery), then a suspension and a reinstatement (a second opening): no more.
        const before = await huntersEventsSoFar();
        await others.hunterProfile(PAT_HUNTER, pat, 'Pat Hunter', 'approved', 'hunters.hunter.updated');
        await others.hunterProfile(PAT_HUNTER, pat, 'Pat Hunter', 'suspended', 'hunters.hunter.updated');
        await others.hunterProfile(PAT_HUNTER, pat, 'Pat Hunter', 'approved', 'hunters.hunter.updated');
        await huntersEventsApplied(before + 3);
        await hunterCopy(PAT_HUNTER, 'approved', pat.id);
        expect((await questionsWith(PAT_HUNTER)).map((message) => message.booking_id)).toEqual([
          first.bookingId,
          second.bookingId,
        ]);
      });

      it('puts the question of a booking of an unclaimed hunter in the conversation that opens when a member claims them, once', async () => {
        const data = booking(DEMO_HUNTER, {
          hunterUserId: null,
          notes: 'Which of these two coats should I keep?',
          photoUrls: ['/api/media/booking-photos/p-demo'],
        });
        await publish('bookings.booking.confirmed', data);
        await copied(data.bookingId);
        expect(await rows(`select 1 from conversations where hunter_id = $1`, [DEMO_HUNTER])).toEqual([]);

        await others.hunterProfile(DEMO_HUNTER, kim, 'Demo Hunter', 'approved', 'hunters.hunter.updated');
        await waitFor('the question once claimed', async () => (await questionsWith(DEMO_HUNTER)).length === 1);
        const [question] = await questionsWith(DEMO_HUNTER);
        expect(question).toMatchObject({
          booking_id: data.bookingId,
          sender_id: ada.id,
          receiver_id: kim.id,
          attachments: data.photoUrls,
        });
        expect(question!.content).toMatch(/:\nWhich of these two coats should I keep\?$/);

        const before = await huntersEventsSoFar();
        await others.hunterProfile(DEMO_HUNTER, kim, 'Demo Hunter', 'approved', 'hunters.hunter.updated');
        await huntersEventsApplied(before + 1);
        expect(await questionsWith(DEMO_HUNTER)).toHaveLength(1);
      });
    });
  });
});
