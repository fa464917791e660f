import { randomUUID } from 'node:crypto';
import type { DataExportPart, HunterBooking, MyBooking } from '@hunted/contracts';
import {
  imageDataUrl,
  startTestPublisher,
  TEST_PNG,
  testIdentityHeaders,
  tracesOf,
  waitFor,
  type RunningServiceApp,
  type TestPublisher,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingCompletionJob } from '../src/bookings/booking-completion.job.js';
import { KeptRecordsRetentionJob } from '../src/your-data/kept-records-retention.job.js';
import { ACCOUNT_CLOSING } from '../src/store/closing-members.repository.js';
import {
  dayAhead,
  holdBody,
  paymentBody,
  seedHunter,
  startBookings,
  WITH_FREE_QUESTION,
  type RunningBookings,
} from './support/bookings-fixture.js';

/**
 * Issue 36 in bookings (services/bookings/README.md, "## Your data"), through the real consumer: identity's events
 * published on Redis by a test publisher, bookings applying them in their inbox transactions. The deletion check
 * (each blocker, the clearance and the holds it then refuses), the export part (each kind of record, the photos'
 * bytes, nobody else's part), and the erasure (what is kept names nobody, free bookings and photos gone, the other
 * side's list still shows the session as 'Former member', a second delivery changes nothing).
 */
const SCHEMA = 'bookings_your_data_it';
const IDENTITY_SCHEMA = 'bookings_your_data_identity_it';
const HUNTER_ID = 61;
const HUNTER_USER = 'u-hunter-61';
const HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

interface Member {
  id: string;
  firstName: string;
  lastName: string;
}

const member = (id: string, firstName = 'Ann', lastName = id): Member => ({ id, firstName, lastName });
const emailOf = (who: Member) => `${who.id}@hunted.test`;

describe('bookings: your data (deletion check, export, erasure)', () => {
  let running: RunningBookings;
  let app: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let identity: TestPublisher;

  async function call(who: Member | null, method: string, path: string, body?: unknown) {
    const headers = who
      ? await testIdentityHeaders(
          { id: who.id, email: emailOf(who), firstName: who.firstName, lastName: who.lastName, isAdmin: false },
          'bookings',
        )
      : {};
    const response = await fetch(`${app.base}${path}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async function bookPaid(who: Member, date: string, time: string, extra: Record<string, unknown> = {}, hunterId = HUNTER_ID) {
    const held = await call(who, 'POST', '/api/create-payment-intent', { ...holdBody(hunterId, date, time), ...extra });
    expect(held.status).toBe(200);
    const id = String(held.body.bookingId);
    expect((await call(who, 'POST', '/api/bookings', paymentBody(hunterId, id))).status).toBe(201);
    return id;
  }

  async function bookFree(who: Member, date: string, time: string, extra: Record<string, unknown> = {}, hunterId = HUNTER_ID) {
    const booked = await call(who, 'POST', '/api/bookings', {
      hunterId,
      sessionType: 'askQuestion',
      sessionDate: date,
      sessionTime: time,
      stripePaymentIntentId: null,
      expressRequest: true,
      notes: 'What goes with a green coat?',
      ...extra,
    });
    expect(booked.status).toBe(201);
    return String(booked.body.id);
  }

  async function upload(who: Member): Promise<string> {
    const uploaded = await call(who, 'POST', '/api/booking-photos', { photo: imageDataUrl(TEST_PNG) });
    expect(uploaded.status).toBe(201);
    return String(uploaded.body.id);
  }

  /** Moves a booking's session to [now + startHours, now + endHours) and completes it if it has ended. */
  async function moveTo(bookingId: string, startHours: number, endHours: number): Promise<void> {
    await db.query(
      `update ${SCHEMA}.hunter_bookings set starts_at = now() + make_interval(hours => $2::int),
         ends_at = now() + make_interval(hours => $3::int) where id = $1`,
      [bookingId, startHours, endHours],
    );
    await app.app.get(BookingCompletionJob).run();
  }

  /** The answer bookings published to a deletion request (cleared or refused), once it is there. */
  async function deletionAnswer(userId: string): Promise<{ type: string; data: Record<string, unknown> }> {
    const deletionId = randomUUID();
    await identity.publish('identity.user.deletion-requested', { deletionId, userId });
    let answer: { type: string; data: Record<string, unknown> } | undefined;
    await waitFor('the deletion check answered', async () => {
      const { rows } = await db.query<{ type: string; data: Record<string, unknown> }>(
        `select type, data from ${SCHEMA}.outbox where type like 'bookings.user-deletion.%' and data->>'deletionId' = $1`,
        [deletionId],
      );
      answer = rows[0];
      return rows.length > 0;
    });
    return answer!;
  }

  async function erase(userId: string, deletionId = randomUUID()): Promise<void> {
    const before = await erasedReports(deletionId);
    await identity.publish('identity.user.deleted', { deletionId, userId });
    await waitFor('the erasure reported', async () => (await erasedReports(deletionId)) > before);
  }

  const erasedReports = async (deletionId: string) =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from ${SCHEMA}.outbox where type = 'bookings.user-data.erased' and data->>'deletionId' = $1`,
        [deletionId],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    running = await startBookings(SCHEMA, { env: { HOLD_SWEEP_MS: '3600000' } });
    app = running.apps[0]!;
    db = running.db;
    await db.query(`drop schema if exists ${IDENTITY_SCHEMA} cascade`);
    const redisPrefix = `test:${SCHEMA}:${process.pid}:`;
    identity = await startTestPublisher('identity', { schema: IDENTITY_SCHEMA, redisPrefix });
    await seedHunter(db, SCHEMA, { id: HUNTER_ID, userId: HUNTER_USER, name: 'Sofia', sessionTypes: WITH_FREE_QUESTION, hours: HOURS });
  }, 60_000);

  afterAll(async () => {
    await identity?.close();
    await db?.query(`drop schema if exists ${IDENTITY_SCHEMA} cascade`);
    await running?.close();
  });

  describe('the deletion check', () => {
    it('refuses a member with an upcoming booking, and the hunter of it, naming each blocker with its count', async () => {
      const ann = member('u-check-ann');
      await bookPaid(ann, dayAhead(4), '09:00');
      await bookFree(ann, dayAhead(4), '11:00');
      expect(await deletionAnswer(ann.id)).toEqual({
        type: 'bookings.user-deletion.refused',
        data: expect.objectContaining({ userId: ann.id, blockers: [{ code: 'upcoming-booking', count: 2 }] }),
      });
      const asHunter = await deletionAnswer(HUNTER_USER);
      expect(asHunter.type).toBe('bookings.user-deletion.refused');
      expect(asHunter.data.blockers).toContainEqual({ code: 'upcoming-session-as-hunter', count: 2 });
      // Refused: nothing is held back for them.
      expect((await db.query(`select 1 from ${SCHEMA}.closing_members where user_id = any($1)`, [[ann.id, HUNTER_USER]])).rows).toEqual([]);
    });

    it('refuses a member with an open dispute', async () => {
      const dee = member('u-check-dee');
      const id = await bookPaid(dee, dayAhead(5), '09:00');
      await moveTo(id, -3, -2);
      expect((await call(member(HUNTER_USER), 'POST', `/api/hunter-bookings/${id}/attendance`, { attendance: 'no_show' })).status).toBe(200);
      expect((await call(dee, 'POST', `/api/bookings/${id}/dispute`, { reason: 'I was there, waiting on WhatsApp.' })).status).toBe(200);
      expect(await deletionAnswer(dee.id)).toMatchObject({
        type: 'bookings.user-deletion.refused',
        data: { blockers: [{ code: 'open-dispute', count: 1 }] },
      });
    });

    it('refuses a hunter whose paid session ended less than two days ago (its payout not arrived): payout-owed', async () => {
      const hunter = member('u-hunter-62');
      await seedHunter(db, SCHEMA, { id: 62, userId: hunter.id, name: 'Ines', hours: HOURS });
      const id = await bookPaid(member('u-check-eve'), dayAhead(6), '09:00', {}, 62);
      await moveTo(id, -5, -4);
      expect(await deletionAnswer(hunter.id)).toMatchObject({
        type: 'bookings.user-deletion.refused',
        data: { blockers: [{ code: 'payout-owed', count: 1 }] },
      });
    });

    it('clears a member with nothing open; from then on a hold by them, or of their hunter profile, is 409', async () => {
      const free = member('u-check-free');
      expect(await deletionAnswer(free.id)).toEqual({
        type: 'bookings.user-deletion.cleared',
        data: expect.objectContaining({ userId: free.id }),
      });
      expect((await db.query(`select deletion_id from ${SCHEMA}.closing_members where user_id = $1`, [free.id])).rows).toHaveLength(1);
      expect(await call(free, 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, dayAhead(7), '09:00'))).toMatchObject({
        status: 409,
        body: { message: ACCOUNT_CLOSING },
      });
      expect(
        await call(free, 'POST', '/api/bookings', {
          hunterId: HUNTER_ID,
          sessionType: 'askQuestion',
          sessionDate: dayAhead(7),
          sessionTime: '10:00',
          stripePaymentIntentId: null,
          expressRequest: true,
          notes: 'Still here?',
        }),
      ).toMatchObject({ status: 409, body: { message: ACCOUNT_CLOSING } });

      const closingHunter = member('u-hunter-63');
      await seedHunter(db, SCHEMA, { id: 63, userId: closingHunter.id, name: 'Jo', sessionTypes: WITH_FREE_QUESTION, hours: HOURS });
      expect((await deletionAnswer(closingHunter.id)).type).toBe('bookings.user-deletion.cleared');
      expect(
        await call(member('u-check-fan'), 'POST', '/api/create-payment-intent', holdBody(63, dayAhead(7), '09:00')),
      ).toMatchObject({ status: 409, body: { message: ACCOUNT_CLOSING } });
      // Nobody else is held back.
      expect((await call(member('u-check-fan'), 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, dayAhead(7), '13:00'))).status).toBe(200);
    });

    it('a hold racing with the check either is counted (refused) or is refused itself: never both through', async () => {
      const racer = member('u-check-racer');
      const [answer, hold] = await Promise.all([
        deletionAnswer(racer.id),
        call(racer, 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, dayAhead(8), '09:00')),
      ]);
      if (answer.type === 'bookings.user-deletion.cleared') {
        expect(hold).toMatchObject({ status: 409, body: { message: ACCOUNT_CLOSING } });
      } else {
        expect(hold.status).toBe(200);
        expect(answer.data.blockers).toEqual([{ code: 'upcoming-booking', count: 1 }]);
      }
    });
  });

  describe('the export', () => {
    it("holds each kind of record and the photos' bytes; another member's part answers 404", async () => {
      const exporter = member('u-export-eda', 'Eda', 'Export');
      const photoId = await upload(exporter);
      const paid = await bookPaid(exporter, dayAhead(9), '09:00', { notes: 'My brief for the paid session', photoIds: [photoId] });
      const cancelled = await bookPaid(exporter, dayAhead(9), '11:00');
      expect((await call(exporter, 'POST', `/api/bookings/${cancelled}/cancel`)).status).toBe(200);
      const free = await bookFree(exporter, dayAhead(9), '13:00');
      await moveTo(paid, -30, -29);

      const exportId = randomUUID();
      await identity.publish('identity.data-export.requested', { exportId, userId: exporter.id });
      await waitFor('the part stored', async () => {
        const { rows } = await db.query(
          `select 1 from ${SCHEMA}.outbox where type = 'bookings.data-export.part-ready' and data->>'exportId' = $1`,
          [exportId],
        );
        return rows.length > 0;
      });
      const answer = await call(exporter, 'GET', `/api/account/data-exports/${exportId}/parts/bookings`);
      expect(answer.status).toBe(200);
      const part = answer.body as unknown as DataExportPart;
      const file = (path: string) => part.files.find((candidate) => candidate.path === path);
      const json = (path: string) => JSON.parse(Buffer.from(file(path)!.base64, 'base64').toString('utf8')) as unknown;
      expect(part.files.map((candidate) => candidate.path).sort()).toEqual(
        [
          'bookings/README.md',
          'bookings/bookings-as-client.json',
          'bookings/bookings-as-hunter.json',
          'bookings/earnings.json',
          'bookings/payments.json',
          'bookings/payout-accounts.json',
          `bookings/photos/${photoId}.png`,
        ].sort(),
      );
      const asClient = json('bookings/bookings-as-client.json') as Record<string, unknown>[];
      expect(asClient.map((row) => row.id).sort()).toEqual([paid, cancelled, free].sort());
      expect(asClient.find((row) => row.id === paid)).toMatchObject({
        hunter: 'Sofia',
        sessionType: 'whatsappVideo',
        status: 'completed',
        pricePence: 8000,
        question: 'My brief for the paid session',
        photos: [`photos/${photoId}.png`],
      });
      expect(asClient.find((row) => row.id === free)).toMatchObject({ sessionType: 'askQuestion', pricePence: 0, status: 'confirmed' });
      const payments = json('bookings/payments.json') as Record<string, unknown>[];
      expect(payments.map((payment) => payment.bookingId).sort()).toEqual([paid, cancelled].sort());
      expect(payments.find((payment) => payment.bookingId === cancelled)).toMatchObject({
        amountPence: 8000,
        refundedPence: 8000,
      });
      const [stored] = (await db.query<{ bytes: Buffer }>(`select bytes from ${SCHEMA}.booking_photos where id = $1`, [photoId])).rows;
      expect(Buffer.from(file(`bookings/photos/${photoId}.png`)!.base64, 'base64').equals(stored!.bytes)).toBe(true);

      // The hunter's side: their sessions, their account's state and their earnings.
      const hunterExport = randomUUID();
      await identity.publish('identity.data-export.requested', { exportId: hunterExport, userId: HUNTER_USER });
      let hunterPart: DataExportPart | undefined;
      await waitFor('the hunter part stored', async () => {
        const got = await call(member(HUNTER_USER), 'GET', `/api/account/data-exports/${hunterExport}/parts/bookings`);
        hunterPart = got.body as unknown as DataExportPart;
        return got.status === 200;
      });
      const hunterJson = (path: string) =>
        JSON.parse(Buffer.from(hunterPart!.files.find((candidate) => candidate.path === path)!.base64, 'base64').toString('utf8')) as unknown;
      expect(hunterJson('bookings/bookings-as-hunter.json')).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: paid, client: 'Eda Export', question: 'My brief for the paid session' })]),
      );
      expect(hunterJson('bookings/payout-accounts.json')).toEqual([
        expect.objectContaining({ hunterId: HUNTER_ID, accountId: `acct_fixture_${HUNTER_ID}`, payoutsEnabled: true }),
      ]);
      expect((hunterJson('bookings/earnings.json') as { bookings: { bookingId: string }[] }).bookings.map((b) => b.bookingId)).toContain(paid);

      // Nobody else's: another member, a guest, an unknown id.
      expect((await call(member('u-export-nosy'), 'GET', `/api/account/data-exports/${exportId}/parts/bookings`)).status).toBe(404);
      expect((await call(member(HUNTER_USER), 'GET', `/api/account/data-exports/${exportId}/parts/bookings`)).status).toBe(404);
      expect((await call(null, 'GET', `/api/account/data-exports/${exportId}/parts/bookings`)).status).toBe(401);
      expect((await call(exporter, 'GET', `/api/account/data-exports/${randomUUID()}/parts/bookings`)).status).toBe(404);
    });
  });

  describe('the erasure', () => {
    it('keeps a paid past booking naming nobody, deletes free ones and photos; the other side sees a Former member; a second delivery changes nothing', async () => {
      const cordelia = member('u-erase-cordelia', 'Cordelia', 'Quist');
      const other = member('u-erase-other', 'Otto', 'Other');
      const photoId = await upload(cordelia);
      const loosePhoto = await upload(cordelia);
      const paid = await bookPaid(cordelia, dayAhead(10), '09:00', { notes: 'Cordelia Quist asks about coats', photoIds: [photoId] });
      const freeOne = await bookFree(cordelia, dayAhead(10), '11:00');
      const othersPhoto = await upload(other);
      const othersBooking = await bookPaid(other, dayAhead(10), '13:00', { notes: 'Otto asks', photoIds: [othersPhoto] });
      await moveTo(paid, -72, -71);
      await moveTo(freeOne, -70, -69);
      await moveTo(othersBooking, -68, -67);
      // The member as a hunter too: a client of theirs keeps seeing the past session.
      await seedHunter(db, SCHEMA, { id: 64, userId: cordelia.id, name: 'Cordelia Quist', sessionTypes: WITH_FREE_QUESTION, hours: HOURS });
      await db.query(`insert into ${SCHEMA}.hunter_joining_details values (64, '{"whatsappVideo": {"kind": "whatsapp", "phone": "+447700900999"}}', now())`);
      const client = member('u-erase-client', 'Clara', 'Client');
      const asHunter = await bookPaid(client, dayAhead(11), '09:00', {}, 64);
      await moveTo(asHunter, -96, -95);
      const exportId = randomUUID();
      await identity.publish('identity.data-export.requested', { exportId, userId: cordelia.id });
      await waitFor('a part of theirs stored', async () =>
        (await db.query(`select 1 from ${SCHEMA}.data_export_files where export_id = $1`, [exportId])).rows.length > 0,
      );
      await db.query(
        `insert into ${SCHEMA}.users (user_id, first_name, last_name, profile_image_url, updated_at)
         values ($1, 'Cordelia', 'Quist', null, now()) on conflict (user_id) do update set first_name = 'Cordelia'`,
        [cordelia.id],
      );
      const needles = [cordelia.id, emailOf(cordelia), cordelia.firstName, cordelia.lastName];
      const dataSource = app.app.get(DataSource);
      expect((await tracesOf(dataSource, SCHEMA, needles)).length).toBeGreaterThan(0);

      const deletionId = randomUUID();
      await erase(cordelia.id, deletionId);

      // What is kept names nobody: the documented kept columns (services/bookings/README.md) are none.
      expect(await tracesOf(dataSource, SCHEMA, needles)).toEqual([]);
      const { rows: kept } = await db.query(
        `select id, client_user_id, hunter_user_id, notes, keep_until::text, erased_at is not null as erased, price_pence
           from ${SCHEMA}.hunter_bookings where id = any($1::uuid[]) order by id`,
        [[paid, freeOne, asHunter]],
      );
      const paidYear = Number(dayAhead(10).slice(0, 4)) + (dayAhead(10).slice(5) > '04-05' ? 1 : 0);
      expect(kept).toEqual(
        [
          { id: paid, client_user_id: `former-member:${paid}`, hunter_user_id: HUNTER_USER, notes: null, keep_until: `${paidYear + 6}-04-05`, erased: true, price_pence: 8000 },
          { id: asHunter, client_user_id: client.id, hunter_user_id: null, notes: null, keep_until: expect.any(String), erased: true, price_pence: 8000 },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      );
      const photos = await db.query(`select id from ${SCHEMA}.booking_photos where id = any($1::uuid[])`, [[photoId, loosePhoto, othersPhoto]]);
      expect(photos.rows).toEqual([{ id: othersPhoto }]);
      expect((await db.query(`select 1 from ${SCHEMA}.hunter_joining_details where hunter_id = 64`)).rows).toEqual([]);
      expect((await db.query(`select 1 from ${SCHEMA}.data_export_files where export_id = $1`, [exportId])).rows).toEqual([]);
      expect((await db.query(`select account_id, mode, closed_at from ${SCHEMA}.payout_account_closures`)).rows).toEqual([
        { account_id: 'acct_fixture_64', mode: 'stripe', closed_at: null },
      ]);

      // The other sides' own views keep working.
      const hunterList = (await call(member(HUNTER_USER), 'GET', '/api/hunter-bookings?limit=100')).body as unknown as HunterBooking[];
      expect(hunterList.find((row) => row.id === paid)).toMatchObject({ clientName: 'Former member', status: 'completed' });
      expect(hunterList.find((row) => row.id === othersBooking)).toMatchObject({ clientName: 'Otto Other', notes: 'Otto asks' });
      expect(hunterList.find((row) => row.id === freeOne)).toBeUndefined();
      const clientList = (await call(client, 'GET', '/api/my-bookings?limit=100')).body as unknown as MyBooking[];
      expect(clientList.find((row) => row.id === asHunter)).toMatchObject({ hunterName: 'Former member', status: 'completed' });
      // The erased hunter profile takes no booking.
      expect((await call(client, 'POST', '/api/create-payment-intent', holdBody(64, dayAhead(12), '09:00'))).status).toBe(409);

      // A second delivery (an admin's retry) finds nothing more to do.
      const snapshot = async () =>
        (await db.query(`select * from ${SCHEMA}.hunter_bookings order by id`)).rows.map((row) => JSON.stringify(row));
      const before = await snapshot();
      await erase(cordelia.id, deletionId);
      expect(await snapshot()).toEqual(before);
      expect(await tracesOf(dataSource, SCHEMA, needles)).toEqual([]);

      // Its time over, a kept record goes (the retention job), and only it: nobody else's booking is touched.
      await db.query(`update ${SCHEMA}.hunter_bookings set keep_until = current_date - 1 where id = $1`, [paid]);
      expect(await app.app.get(KeptRecordsRetentionJob).run()).toEqual({ deleted: 1 });
      const left = await db.query(`select id from ${SCHEMA}.hunter_bookings where id = any($1::uuid[]) order by id`, [
        [paid, asHunter, othersBooking],
      ]);
      expect(left.rows.map((row: { id: string }) => row.id)).toEqual([asHunter, othersBooking].sort());
      expect(await app.app.get(KeptRecordsRetentionJob).run()).toEqual({ deleted: 0 });
    });
  });
});
