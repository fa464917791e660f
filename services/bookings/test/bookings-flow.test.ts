import { AVAILABILITY_SLOTS, BOOKING_ERRORS, VETTING_MESSAGES, type SlotsResponse } from '@hunted/contracts';
import { TEST_DATABASE_URL, waitFor, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingCompletionJob } from '../src/bookings/booking-completion.job.js';
import { HoldExpiryJob } from '../src/bookings/booking-holds.job.js';
import { BookingRefundJob } from '../src/bookings/booking-refunds.job.js';
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

const SCHEMA = 'bookings_flow_it';
const HUNTER_ID = 7;
const HUNTER_USER = 'u-hunter-7';
/** A hunter suspended while a free booking of theirs is on its way. */
const SUSPENDED_ID = 8;
const ALL_HOURS = [...AVAILABILITY_SLOTS];
const ACTIVE = `('pending_payment', 'confirmed')`;

describe('bookings on two instances: holds, payments, changes', () => {
  let first: RunningServiceApp<NestFastifyApplication>;
  let second: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let running: RunningBookings;
  /** Alternates between the two instances, as the gateway's round-robin does. */
  const call = alternatingClient(() => [first.base, second.base]);

  const hold = (userId: string, date: string, time: string, sessionType = 'whatsappVideo', amount = 8000) =>
    call(userId, 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, date, time, { sessionType, amount }));

  const pay = (userId: string, bookingId: string) =>
    call(userId, 'POST', '/api/bookings', paymentBody(HUNTER_ID, bookingId));

  async function overlaps(): Promise<number> {
    const { rows } = await db.query<{ count: number }>(
      `select count(*)::int as count from ${SCHEMA}.hunter_bookings a join ${SCHEMA}.hunter_bookings b
         on a.id < b.id and (a.hunter_id = b.hunter_id or a.client_user_id = b.client_user_id)
        and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
       where a.status in ${ACTIVE} and b.status in ${ACTIVE}`,
    );
    return rows[0]!.count;
  }

  async function eventsOf(type: string, bookingId: string): Promise<number> {
    const { rows } = await db.query<{ count: number }>(
      `select count(*)::int as count from ${SCHEMA}.outbox where type = $1 and data->>'bookingId' = $2`,
      [type, bookingId],
    );
    return rows[0]!.count;
  }

  beforeAll(async () => {
    running = await startBookings(SCHEMA, { instances: 2 });
    [first, second] = running.apps as [typeof first, typeof second];
    db = running.db;
    await seedHunter(db, SCHEMA, {
      id: HUNTER_ID,
      userId: HUNTER_USER,
      sessionTypes: WITH_FREE_QUESTION,
      hours: ALL_HOURS,
    });
    await seedHunter(db, SCHEMA, {
      id: SUSPENDED_ID,
      userId: 'u-hunter-8',
      sessionTypes: WITH_FREE_QUESTION,
      hours: ALL_HOURS,
    });
  }, 60_000);

  afterAll(() => running?.close());

  it('answers slots publicly for at most 31 days of an offered type', async () => {
    const from = dayAhead(3);
    const slots = await call(
      null,
      'GET',
      `/api/hunters/${HUNTER_ID}/slots?from=${from}&to=${dayAhead(9)}&sessionType=whatsappVideo`,
    );
    expect(slots.status).toBe(200);
    const body = slots.body as unknown as SlotsResponse;
    expect(body.days).toHaveLength(7);
    expect(body.days[0]!.slots.map((slot) => slot.time)).toContain('09:00');
    expect(body.days[0]!.slots.at(-1)!.time).toBe('20:00');
    expect(
      (
        await call(
          null,
          'GET',
          `/api/hunters/${HUNTER_ID}/slots?from=${from}&to=${dayAhead(40)}&sessionType=whatsappVideo`,
        )
      ).status,
    ).toBe(400);
    expect(
      (await call(null, 'GET', `/api/hunters/${HUNTER_ID}/slots?from=${from}&to=${from}&sessionType=other`)).status,
    ).toBe(400);
    expect(
      (await call(null, 'GET', `/api/hunters/999/slots?from=${from}&to=${from}&sessionType=whatsappVideo`)).status,
    ).toBe(404);
  });

  it('200 members racing for one slot across both instances: one hold, 199 × 409, no overlap', async () => {
    const date = dayAhead(10);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => hold(`racer-${i}`, date, '09:00')));
    const byStatus: Record<number, number> = {};
    for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    expect(byStatus).toEqual({ 200: 1, 409: 199 });
    const refused = answers.filter((a) => a.status === 409);
    expect(refused.every((a) => a.body.message === BOOKING_ERRORS.slotTaken)).toBe(true);
    expect(await overlaps()).toBe(0);
    // The slot is gone from the public list while the hold lives.
    const slots = (
      await call(null, 'GET', `/api/hunters/${HUNTER_ID}/slots?from=${date}&to=${date}&sessionType=whatsappVideo`)
    ).body as unknown as SlotsResponse;
    expect(slots.days[0]!.slots.map((slot) => slot.time)).not.toContain('09:00');
  }, 60_000);

  it('unequal overlaps conflict: 60 minutes at 09:00 and 30 minutes at 09:30', async () => {
    const date = dayAhead(11);
    expect((await hold('unequal-a', date, '09:00')).status).toBe(200);
    const second30 = await hold('unequal-b', date, '09:30', 'whatsappVoice', 5000);
    expect(second30.status).toBe(409);
    expect((await hold('unequal-b', date, '10:00', 'whatsappVoice', 5000)).status).toBe(200);
  });

  it('20 concurrent intent calls for one hold give one hold and one intent; a tampered amount is ignored', async () => {
    const date = dayAhead(12);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => hold('repeat-member', date, '14:00', 'whatsappVideo', 1)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.bookingId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    expect(answers[0]!.body.amount).toBe(8000);
    expect(String(answers[0]!.body.clientSecret)).toMatch(/^sim_[0-9a-f]{32}_secret$/);
    const { rows } = await db.query(
      `select price_pence from ${SCHEMA}.hunter_bookings where client_user_id = 'repeat-member'`,
    );
    expect(rows).toEqual([{ price_pence: 8000 }]);
  });

  it('a member holds at most two unpaid times; yourself and a free type are refused as holds', async () => {
    const date = dayAhead(13);
    expect((await hold('greedy', date, '09:00')).status).toBe(200);
    expect((await hold('greedy', date, '11:00')).status).toBe(200);
    const third = await hold('greedy', date, '13:00');
    expect(third).toMatchObject({ status: 409, body: { message: BOOKING_ERRORS.tooManyHolds } });
    expect(await hold(HUNTER_USER, date, '15:00')).toMatchObject({
      status: 400,
      body: { message: BOOKING_ERRORS.ownHunter },
    });
    expect((await hold('someone', date, '15:00', 'askQuestion', 0)).status).toBe(400);
    expect((await hold('someone', date, '21:00')).status).toBe(400);
  });

  it('paying confirms the hold once (event once); paid types need a payment; free types book at once', async () => {
    const date = dayAhead(14);
    const held = await hold('payer', date, '09:00');
    const bookingId = String(held.body.bookingId);
    const paid = await pay('payer', bookingId);
    expect(paid).toMatchObject({
      status: 201,
      body: { id: bookingId, status: 'confirmed', price: 8000, hunterName: 'Sofia' },
    });
    expect((await pay('payer', bookingId)).status).toBe(201);
    expect(await eventsOf('bookings.booking.confirmed', bookingId)).toBe(1);
    expect((await pay('stranger', bookingId)).status).toBe(404);

    const unpaid = await call('payer', 'POST', '/api/bookings', {
      hunterId: HUNTER_ID,
      sessionType: 'whatsappVideo',
      sessionDate: date,
      sessionTime: '12:00',
      duration: 60,
      price: 8000,
      stripePaymentIntentId: null,
      expressRequest: true,
    });
    expect(unpaid).toMatchObject({ status: 400, body: { message: BOOKING_ERRORS.paymentRequired } });
    const free = await call('payer', 'POST', '/api/bookings', {
      hunterId: HUNTER_ID,
      sessionType: 'askQuestion',
      notes: 'Which vintage denim is worth it?',
      sessionDate: date,
      sessionTime: '12:00',
      duration: 30,
      price: 0,
      stripePaymentIntentId: null,
      expressRequest: true,
    });
    expect(free).toMatchObject({ status: 201, body: { status: 'confirmed', price: 0 } });

    const mine = await call('payer', 'GET', '/api/my-bookings');
    expect((mine.body as unknown as { id: string }[]).map((b) => b.id)).toEqual(
      expect.arrayContaining([bookingId, free.body.id]),
    );
    const hunters = await call(HUNTER_USER, 'GET', '/api/hunter-bookings');
    expect(hunters.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: bookingId, clientName: 'Ann payer', totalAmount: 8000 })]),
    );
    expect((await call('stranger', 'GET', `/api/bookings/${bookingId}`)).status).toBe(404);
    expect((await call(HUNTER_USER, 'GET', `/api/bookings/${bookingId}`)).status).toBe(200);
  });

  it('a hunter suspended between the slot read and the insert takes no free booking (the insert reads the copy)', async () => {
    const freeBooking = (time: string) =>
      call('quick', 'POST', '/api/bookings', {
        hunterId: SUSPENDED_ID,
        sessionType: 'askQuestion',
        notes: 'Is this blazer worth altering?',
        sessionDate: dayAhead(15),
        sessionTime: time,
        duration: 30,
        price: 0,
        stripePaymentIntentId: null,
        expressRequest: true,
      });
    // The suspension is written, not yet committed: the request reads the copy as approved and its slot as offered,
    // then its insert waits on the copy's row; the suspension commits, and the insert reads it.
    const vetting = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await vetting.connect();
    try {
      await vetting.query('begin');
      await vetting.query(`update ${SCHEMA}.hunters set status = 'suspended' where id = $1`, [SUSPENDED_ID]);
      const booking = freeBooking('10:00');
      await waitFor('the free booking to wait on the copy of the hunter being suspended', async () => {
        const { rows } = await db.query<{ count: number }>(
          `select count(*)::int as count from pg_stat_activity
           where wait_event_type = 'Lock' and query like '%from hunters where id = $1 for share%'`,
        );
        return rows[0]!.count > 0;
      });
      await vetting.query('commit');
      expect(await booking).toMatchObject({ status: 409, body: { message: VETTING_MESSAGES.notApproved } });
    } finally {
      await vetting.end();
    }
    // Once suspended, the copy's status refuses it sooner too; nothing was written either way.
    expect(await freeBooking('11:00')).toMatchObject({ status: 409, body: { message: VETTING_MESSAGES.notApproved } });
    const { rows } = await db.query<{ count: number }>(
      `select count(*)::int as count from ${SCHEMA}.hunter_bookings where hunter_id = $1`,
      [SUSPENDED_ID],
    );
    expect(rows[0]!.count).toBe(0);
  });

  it('expiry frees the slot: a stale hold gives way to the next insert, and the job cancels its intent', async () => {
    const date = dayAhead(15);
    const stale = String((await hold('slow', date, '09:00')).body.bookingId);
    await db.query(`update ${SCHEMA}.hunter_bookings set expires_at = now() - interval '1 second' where id = $1`, [
      stale,
    ]);
    expect((await hold('quick', date, '09:00')).status).toBe(200);
    await first.app
      .get(HoldExpiryJob)
      .run({ data: { bookingId: stale }, id: stale, attemptsMade: 0, finalAttempt: false });
    const { rows } = await db.query(`select status, payment_status from ${SCHEMA}.hunter_bookings where id = $1`, [
      stale,
    ]);
    expect(rows).toEqual([{ status: 'expired', payment_status: 'canceled' }]);
    expect(await pay('slow', stale)).toMatchObject({ status: 409, body: { message: BOOKING_ERRORS.holdExpired } });

    const released = String((await hold('releaser', date, '15:00')).body.bookingId);
    expect((await call('releaser', 'POST', `/api/bookings/${released}/release`)).body.status).toBe('expired');
    expect((await hold('taker', date, '15:00')).status).toBe(200);
  });

  it('a late payment is confirmed when the time is free, refunded when it was taken', async () => {
    const date = dayAhead(16);
    const free = String((await hold('late-1', date, '09:00')).body.bookingId);
    await db.query(`update ${SCHEMA}.hunter_bookings set expires_at = now() - interval '1 second' where id = $1`, [
      free,
    ]);
    expect((await pay('late-1', free)).body.status).toBe('confirmed');

    const taken = String((await hold('late-2', date, '12:00')).body.bookingId);
    await db.query(`update ${SCHEMA}.hunter_bookings set expires_at = now() - interval '1 second' where id = $1`, [
      taken,
    ]);
    expect((await hold('late-3', date, '12:00')).status).toBe(200);
    expect((await pay('late-2', taken)).status).toBe(409);
    const { rows } = await db.query(`select status, refunded_pence from ${SCHEMA}.hunter_bookings where id = $1`, [
      taken,
    ]);
    expect(rows).toEqual([{ status: 'expired', refunded_pence: 8000 }]);
    const refunded = await db.query(
      `select data from ${SCHEMA}.outbox where type = 'bookings.booking.refunded' and data->>'bookingId' = $1`,
      [taken],
    );
    expect(refunded.rows.map((row: { data: { reason: string } }) => row.data.reason)).toEqual(['late_payment']);
  });

  it('the windows: reschedule and full refunds until 24 hours before; later no refund; the hunter always refunds', async () => {
    const early = String((await hold('changer', dayAhead(20), '09:00')).body.bookingId);
    await pay('changer', early);
    const moved = await call('changer', 'POST', `/api/bookings/${early}/reschedule`, {
      sessionDate: dayAhead(21),
      sessionTime: '10:00',
    });
    expect(moved).toMatchObject({
      status: 200,
      body: { sessionDate: dayAhead(21), sessionTime: '10:00', price: 8000 },
    });
    expect(await eventsOf('bookings.booking.rescheduled', early)).toBe(1);
    expect(
      (
        await call(HUNTER_USER, 'POST', `/api/bookings/${early}/reschedule`, {
          sessionDate: dayAhead(22),
          sessionTime: '10:00',
        })
      ).status,
    ).toBe(403);
    const cancelled = await call('changer', 'POST', `/api/bookings/${early}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', refundedPence: 8000 } });
    expect(await eventsOf('bookings.booking.cancelled', early)).toBe(1);
    expect(await eventsOf('bookings.booking.refunded', early)).toBe(1);

    // A refund recorded but never asked of the processor (the call failed after the commit) is asked by the sweep.
    await db.query(`delete from ${SCHEMA}.booking_refunds where booking_id = $1`, [early]);
    await db.query(
      `update ${SCHEMA}.hunter_bookings set refund_id = null, refunded_at = null, refunded_pence = 0,
         updated_at = now() - interval '1 minute' where id = $1`,
      [early],
    );
    const refunds = first.app.get(BookingRefundJob);
    expect((await refunds.pending()).map((job) => job.data.bookingId)).toContain(early);
    await refunds.run({ data: { bookingId: early }, id: `refund-${early}`, attemptsMade: 0, finalAttempt: false });
    const retried = await db.query(`select refund_id, refunded_pence from ${SCHEMA}.hunter_bookings where id = $1`, [
      early,
    ]);
    expect(retried.rows[0]).toMatchObject({ refund_id: expect.stringMatching(/^sim_re_/), refunded_pence: 8000 });
    expect((await refunds.pending()).map((job) => job.data.bookingId)).not.toContain(early);

    const late = String((await hold('changer', dayAhead(23), '09:00')).body.bookingId);
    await pay('changer', late);
    await db.query(
      `update ${SCHEMA}.hunter_bookings set starts_at = now() + interval '3 hours', ends_at = now() + interval '4 hours' where id = $1`,
      [late],
    );
    const mine = (await call('changer', 'GET', '/api/my-bookings')).body as unknown as {
      id: string;
      canReschedule: boolean;
      refundIfCancelledPence: number;
    }[];
    expect(mine.find((b) => b.id === late)).toMatchObject({ canReschedule: false, refundIfCancelledPence: 0 });
    expect(
      (
        await call('changer', 'POST', `/api/bookings/${late}/reschedule`, {
          sessionDate: dayAhead(24),
          sessionTime: '10:00',
        })
      ).status,
    ).toBe(400);
    expect(await call('changer', 'POST', `/api/bookings/${late}/cancel`)).toMatchObject({
      status: 200,
      body: { refundedPence: 0 },
    });
    expect(await eventsOf('bookings.booking.refunded', late)).toBe(0);

    const byHunter = String((await hold('changer', dayAhead(25), '09:00')).body.bookingId);
    await pay('changer', byHunter);
    await db.query(
      `update ${SCHEMA}.hunter_bookings set starts_at = now() + interval '5 hours', ends_at = now() + interval '6 hours' where id = $1`,
      [byHunter],
    );
    expect(await call(HUNTER_USER, 'POST', `/api/bookings/${byHunter}/cancel`)).toMatchObject({
      status: 200,
      body: { refundedPence: 8000 },
    });
    expect((await call('stranger', 'POST', `/api/bookings/${byHunter}/cancel`)).status).toBe(404);
  });

  it('ended bookings are completed once, with one event', async () => {
    const id = String((await hold('finisher', dayAhead(26), '09:00')).body.bookingId);
    await pay('finisher', id);
    await db.query(
      `update ${SCHEMA}.hunter_bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = $1`,
      [id],
    );
    await Promise.all([first.app.get(BookingCompletionJob).run(), second.app.get(BookingCompletionJob).run()]);
    const { rows } = await db.query(`select status from ${SCHEMA}.hunter_bookings where id = $1`, [id]);
    expect(rows).toEqual([{ status: 'completed' }]);
    expect(await eventsOf('bookings.booking.completed', id)).toBe(1);
  });

  it('property: any mix of holds, payments, releases, expiries, reschedules and cancellations keeps active ranges disjoint', async () => {
    const date = dayAhead(30);
    const times = ['09:00', '09:30', '10:00', '10:30', '11:00'];
    const operation = fc.record({
      member: fc.constantFrom('p-1', 'p-2', 'p-3', 'p-4'),
      time: fc.constantFrom(...times),
      sessionType: fc.constantFrom('whatsappVideo', 'whatsappVoice'),
      then: fc.constantFrom('keep', 'pay', 'release', 'expire', 'reschedule', 'cancel'),
      movedTo: fc.constantFrom(...times),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
        await Promise.all(
          operations.map(async (op) => {
            const held = await hold(op.member, date, op.time, op.sessionType);
            if (held.status !== 200) return;
            const id = String(held.body.bookingId);
            if (op.then === 'pay') await pay(op.member, id);
            if (op.then === 'release') await call(op.member, 'POST', `/api/bookings/${id}/release`);
            if (op.then === 'reschedule' || op.then === 'cancel') await pay(op.member, id);
            if (op.then === 'reschedule') {
              await call(op.member, 'POST', `/api/bookings/${id}/reschedule`, {
                sessionDate: date,
                sessionTime: op.movedTo,
              });
            }
            if (op.then === 'cancel') await call(op.member, 'POST', `/api/bookings/${id}/cancel`);
            if (op.then === 'expire')
              await db.query(`update ${SCHEMA}.hunter_bookings set expires_at = now() where id = $1`, [id]);
          }),
        );
        expect(await overlaps()).toBe(0);
        // Clear the day for the next run.
        await db.query(
          `update ${SCHEMA}.hunter_bookings set status = 'expired' where session_date = $1 and status in ${ACTIVE}`,
          [date],
        );
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
