import { AVAILABILITY_SLOTS } from '@hunted/contracts';
import type { RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reHeldTooSoon,
  rescheduledRecently,
  tooManyFreeBookings,
  tooManyHoldsToday,
  tooManyReschedules,
} from '../src/bookings/limits/booking-limits.js';
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

const SCHEMA = 'bookings_limits_it';
const HUNTER_ID = 11;
const OTHER_HUNTER_ID = 12;
const ALL_HOURS = [...AVAILABILITY_SLOTS];

/** The limits at their defaults: these tests prove what a deploy without any of the variables gets. */
describe('bookings: abuse limits on free bookings, reschedules and holds (two instances, defaults)', () => {
  let first: RunningServiceApp<NestFastifyApplication>;
  let second: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let running: RunningBookings;
  const call = alternatingClient(() => [first.base, second.base]);

  const hold = (userId: string, date: string, time: string, hunterId = HUNTER_ID) =>
    call(userId, 'POST', '/api/create-payment-intent', holdBody(hunterId, date, time));

  const pay = (userId: string, bookingId: string) =>
    call(userId, 'POST', '/api/bookings', paymentBody(HUNTER_ID, bookingId));

  const bookFree = (userId: string, date: string, time: string, hunterId = HUNTER_ID) =>
    call(userId, 'POST', '/api/bookings', {
      hunterId,
      sessionType: 'askQuestion',
      notes: 'Which vintage denim is worth it?',
      sessionDate: date,
      sessionTime: time,
      duration: 30,
      price: 0,
      stripePaymentIntentId: null,
      expressRequest: true,
    });

  const reschedule = (userId: string, bookingId: string, date: string, time: string) =>
    call(userId, 'POST', `/api/bookings/${bookingId}/reschedule`, { sessionDate: date, sessionTime: time });

  const release = (userId: string, bookingId: string) => call(userId, 'POST', `/api/bookings/${bookingId}/release`);

  async function count(sql: string, params: unknown[]): Promise<number> {
    const { rows } = await db.query<{ count: number }>(`select count(*)::int as count from ${sql}`, params);
    return rows[0]!.count;
  }

  /** As if the booking's last move were `minutes` ago. */
  const movedMinutesAgo = (bookingId: string, minutes: number) =>
    db.query(
      `update ${SCHEMA}.hunter_bookings set rescheduled_at = now() - make_interval(mins => $2::int) where id = $1`,
      [bookingId, minutes],
    );

  beforeAll(async () => {
    running = await startBookings(SCHEMA, { instances: 2 });
    [first, second] = running.apps as [typeof first, typeof second];
    db = running.db;
    for (const [id, userId] of [
      [HUNTER_ID, 'u-hunter-11'],
      [OTHER_HUNTER_ID, 'u-hunter-12'],
    ] as const) {
      await seedHunter(db, SCHEMA, { id, userId, sessionTypes: WITH_FREE_QUESTION, hours: ALL_HOURS });
    }
  }, 60_000);

  afterAll(() => running?.close());

  it('a member has at most 3 upcoming free bookings with one hunter: 10 concurrent requests on two instances book 3', async () => {
    const date = dayAhead(5);
    const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00'];
    const answers = await Promise.all(times.map((time) => bookFree('free-racer', date, time)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(7);
    expect(refused.every((a) => a.body.message === tooManyFreeBookings(3))).toBe(true);
    expect(
      await count(`${SCHEMA}.hunter_bookings where client_user_id = 'free-racer' and status = 'confirmed'`, []),
    ).toBe(3);

    // Another hunter is another budget; one that has taken place, or a cancelled one, frees a place.
    expect((await bookFree('free-racer', date, '19:00', OTHER_HUNTER_ID)).status).toBe(201);
    const booked = answers.find((a) => a.status === 201)!;
    expect((await call('free-racer', 'POST', `/api/bookings/${String(booked.body.id)}/cancel`)).status).toBe(200);
    expect((await bookFree('free-racer', dayAhead(6), '09:00')).status).toBe(201);
    expect(await bookFree('free-racer', dayAhead(6), '10:00')).toMatchObject({
      status: 409,
      body: { message: tooManyFreeBookings(3) },
    });
    await db.query(
      `update ${SCHEMA}.hunter_bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '90 minutes'
        where id = (select id from ${SCHEMA}.hunter_bookings where client_user_id = 'free-racer' and hunter_id = $1
                     and status = 'confirmed' order by starts_at limit 1)`,
      [HUNTER_ID],
    );
    expect((await bookFree('free-racer', dayAhead(6), '10:00')).status).toBe(201);
  });

  it('a booking moves at most 3 times, at least 10 minutes apart; two racing moves give one move and one 429', async () => {
    const id = String((await hold('mover', dayAhead(20), '09:00')).body.bookingId);
    expect((await pay('mover', id)).status).toBe(201);

    const racing = await Promise.all([
      reschedule('mover', id, dayAhead(21), '09:00'),
      reschedule('mover', id, dayAhead(22), '09:00'),
    ]);
    expect(racing.map((a) => a.status).sort()).toEqual([200, 429]);
    const refused = racing.find((a) => a.status === 429)!;
    expect(refused.body.message).toBe(rescheduledRecently('in 10 minutes'));

    await movedMinutesAgo(id, 3);
    expect(await reschedule('mover', id, dayAhead(23), '09:00')).toMatchObject({
      status: 429,
      body: { message: rescheduledRecently('in 7 minutes') },
    });
    await movedMinutesAgo(id, 10);
    expect((await reschedule('mover', id, dayAhead(23), '09:00')).status).toBe(200);
    await movedMinutesAgo(id, 11);
    expect(await reschedule('mover', id, dayAhead(24), '10:00')).toMatchObject({
      status: 200,
      body: { sessionDate: dayAhead(24), sessionTime: '10:00' },
    });
    await movedMinutesAgo(id, 60);
    expect(await reschedule('mover', id, dayAhead(25), '10:00')).toMatchObject({
      status: 409,
      body: { message: tooManyReschedules(3) },
    });
    const { rows } = await db.query(
      `select reschedule_count, to_char(session_date, 'YYYY-MM-DD') as date from ${SCHEMA}.hunter_bookings where id = $1`,
      [id],
    );
    expect(rows).toEqual([{ reschedule_count: 3, date: dayAhead(24) }]);
    expect(
      await count(`${SCHEMA}.outbox where type = 'bookings.booking.rescheduled' and data->>'bookingId' = $1`, [id]),
    ).toBe(3);

    // The window's own refusal still reads as before, whatever the count.
    await db.query(
      `update ${SCHEMA}.hunter_bookings set starts_at = now() + interval '3 hours', ends_at = now() + interval '4 hours' where id = $1`,
      [id],
    );
    expect((await reschedule('mover', id, dayAhead(26), '10:00')).status).toBe(400);
  });

  it('a member may not hold again, for 10 minutes, a time of a hunter they released or let expire', async () => {
    const date = dayAhead(30);
    const released = String((await hold('dancer', date, '09:00')).body.bookingId);
    expect((await release('dancer', released)).body.status).toBe('expired');
    const again = await hold('dancer', date, '09:00');
    expect(again.status).toBe(429);
    expect(String(again.body.message)).toMatch(
      /^You let this time go a few minutes ago — you can hold it again in (9|10) minutes/,
    );
    // The same hour under another start is the same time kept from others; another time, or hunter, is not.
    expect((await hold('dancer', date, '09:30')).status).toBe(429);
    expect((await hold('dancer', date, '11:00')).status).toBe(200);
    // Someone else takes the released time at once.
    expect((await hold('dancer-rival', date, '09:00')).status).toBe(200);

    const expired = String((await hold('dancer', date, '14:00', OTHER_HUNTER_ID)).body.bookingId);
    await db.query(`update ${SCHEMA}.hunter_bookings set expires_at = now() - interval '4 minutes' where id = $1`, [
      expired,
    ]);
    expect(await hold('dancer', date, '14:00', OTHER_HUNTER_ID)).toMatchObject({
      status: 429,
      body: { message: reHeldTooSoon('in 6 minutes') },
    });
    await db.query(`update ${SCHEMA}.hunter_bookings set expires_at = now() - interval '10 minutes' where id = $1`, [
      expired,
    ]);
    expect((await hold('dancer', date, '14:00', OTHER_HUNTER_ID)).status).toBe(200);
  });

  it('a member starts at most 20 holds in 24 hours (rolling): the 21st is a 429 saying when', async () => {
    const date = dayAhead(40);
    const times = ALL_HOURS.filter((time) => time >= '08:00' && time <= '18:00' && time.endsWith(':00'));
    for (let i = 0; i < 20; i++) {
      const held = await hold('busy', i < 10 ? date : dayAhead(41), times[i % 10]!);
      expect(held.status, JSON.stringify(held.body)).toBe(200);
      expect((await release('busy', String(held.body.bookingId))).status).toBe(200);
    }
    expect(await hold('busy', dayAhead(42), '09:00')).toMatchObject({
      status: 429,
      body: { message: tooManyHoldsToday(20, 'in about 24 hours') },
    });
    // The oldest leaves the window: one more hold is allowed.
    await db.query(
      `update ${SCHEMA}.hunter_bookings set created_at = now() - interval '25 hours'
        where id = (select id from ${SCHEMA}.hunter_bookings where client_user_id = 'busy' order by created_at limit 1)`,
    );
    expect((await hold('busy', dayAhead(42), '09:00')).status).toBe(200);
    // Asking again for the hold one has is the same hold, not a new one.
    expect((await hold('busy', dayAhead(42), '09:00')).status).toBe(200);
    expect(await hold('busy', dayAhead(42), '11:00')).toMatchObject({ status: 429 });
  });
});
