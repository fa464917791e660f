import { AVAILABILITY_SLOTS, applicationFeePenceOf, EXPRESS_REQUEST } from '@hunted/contracts';
import type { RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alternatingClient } from './support/alternating-client.js';
import {
  dayAhead,
  holdBody,
  paymentBody,
  seedHunter,
  startBookings,
  WITH_FREE_QUESTION,
  type RunningBookings,
} from './support/bookings-fixture.js';

const SCHEMA = 'bookings_express_request_it';
const HUNTER_ID = 21;
const ALL_HOURS = [...AVAILABILITY_SLOTS];

/**
 * Issue 37 item 4 (decision 0102): a session less than 14 days after its booking needs the client's express request
 * that it take place within the cancellation period; its time is stored, and shown on the client's list with the
 * platform fee the price includes.
 */
describe('bookings: the express request of a session within the 14-day cancellation period', () => {
  let app: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let running: RunningBookings;
  const call = alternatingClient(() => [app.base]);

  const freeBody = (date: string, time: string, expressRequest?: boolean) => ({
    hunterId: HUNTER_ID,
    sessionType: 'askQuestion',
    notes: 'Which vintage denim is worth it?',
    sessionDate: date,
    sessionTime: time,
    duration: 30,
    price: 0,
    stripePaymentIntentId: null,
    ...(expressRequest === undefined ? {} : { expressRequest }),
  });

  async function storedRequestOf(bookingId: string): Promise<Date | null> {
    const { rows } = await db.query<{ at: Date | null }>(
      `select express_request_at as at from ${SCHEMA}.hunter_bookings where id = $1`,
      [bookingId],
    );
    return rows[0]!.at;
  }

  async function myBooking(userId: string, bookingId: string): Promise<Record<string, unknown>> {
    const mine = (await call(userId, 'GET', '/api/my-bookings')).body as unknown as Record<string, unknown>[];
    return mine.find((row) => row.id === bookingId)!;
  }

  beforeAll(async () => {
    running = await startBookings(SCHEMA);
    app = running.apps[0]!;
    db = running.db;
    await seedHunter(db, SCHEMA, { id: HUNTER_ID, userId: 'u-hunter-21', sessionTypes: WITH_FREE_QUESTION, hours: ALL_HOURS });
  }, 60_000);

  afterAll(() => running?.close());

  it('refuses a hold or a free booking of a session within 14 days without the request: 400 saying what to tick', async () => {
    for (const expressRequest of [false, undefined]) {
      const { expressRequest: _ticked, ...body } = holdBody(HUNTER_ID, dayAhead(3), '09:00');
      const refused = await call('u-hasty', 'POST', '/api/create-payment-intent', {
        ...body,
        ...(expressRequest === undefined ? {} : { expressRequest }),
      });
      expect(refused).toMatchObject({ status: 400, body: { message: EXPRESS_REQUEST.required } });
      const free = await call('u-hasty', 'POST', '/api/bookings', freeBody(dayAhead(3), '10:00', expressRequest));
      expect(free).toMatchObject({ status: 400, body: { message: EXPRESS_REQUEST.required } });
    }
    const { rows } = await db.query<{ count: number }>(
      `select count(*)::int as count from ${SCHEMA}.hunter_bookings where client_user_id = 'u-hasty'`,
    );
    expect(rows[0]!.count).toBe(0);
  });

  it('stores the time of the request with the hold and the free booking, and lists it with the platform fee', async () => {
    const before = Date.now();
    const held = await call('u-ticked', 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, dayAhead(2), '09:00'));
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const paidId = String(held.body.bookingId);
    expect((await call('u-ticked', 'POST', '/api/bookings', paymentBody(HUNTER_ID, paidId))).status).toBe(201);
    const free = await call('u-ticked', 'POST', '/api/bookings', freeBody(dayAhead(2), '12:00', true));
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    const after = Date.now();

    for (const id of [paidId, String(free.body.id)]) {
      const at = (await storedRequestOf(id))!;
      expect(at.getTime()).toBeGreaterThanOrEqual(before);
      expect(at.getTime()).toBeLessThanOrEqual(after);
      expect(await myBooking('u-ticked', id)).toMatchObject({ expressRequestAt: at.toISOString() });
    }
    expect(await myBooking('u-ticked', paidId)).toMatchObject({
      price: 8000,
      platformFeePence: applicationFeePenceOf(8000, 0),
    });
    expect(await myBooking('u-ticked', String(free.body.id))).toMatchObject({ price: 0, platformFeePence: 0 });
  });

  it('answers a live hold asked for again without the request (paying it from My Bookings): it came with the hold', async () => {
    const first = await call('u-returning', 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, dayAhead(4), '09:00'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await call('u-returning', 'POST', '/api/create-payment-intent', {
      ...holdBody(HUNTER_ID, dayAhead(4), '09:00'),
      expressRequest: false,
    });
    expect(again).toMatchObject({ status: 200, body: { bookingId: first.body.bookingId } });
    expect(await storedRequestOf(String(first.body.bookingId))).not.toBeNull();
  });

  it('needs no request for a session 14 or more days ahead, and stores none even when sent', async () => {
    const { expressRequest: _ticked, ...unticked } = holdBody(HUNTER_ID, dayAhead(20), '09:00');
    const held = await call('u-planner', 'POST', '/api/create-payment-intent', unticked);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const free = await call('u-planner', 'POST', '/api/bookings', freeBody(dayAhead(20), '12:00', true));
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    for (const id of [String(held.body.bookingId), String(free.body.id)]) {
      expect(await storedRequestOf(id)).toBeNull();
      expect(await myBooking('u-planner', id)).toMatchObject({ expressRequestAt: null });
    }
  });
});
