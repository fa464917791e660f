import { setClockOffset } from '@hunted/platform';
import type { RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingRefundJob } from '../src/bookings/booking-refunds.job.js';
import { FakeStripe } from './fake-stripe/fake-stripe.js';
import { alternatingClient } from './support/alternating-client.js';
import {
  dayAhead,
  holdBody,
  paymentBody,
  seedHunter,
  startBookings,
  type RunningBookings,
} from './support/bookings-fixture.js';

/**
 * A refund that keeps failing (decision 0094), through the real use cases, the real SDK and the fake Stripe made to
 * refuse one booking's refunds: the others are still refunded by the sweep, the failing one is asked again with a
 * backoff that doubles up to its cap on the test clock, and raises its alert (metric and gauge) after N attempts.
 * The sweep's own timer is kept out of the way: the test runs its steps (`pending`, then `run` for each) itself.
 */
const SCHEMA = 'bookings_refund_retries_it';
const HUNTER_ID = 12;
const HOURS = ['09:00', '10:00', '11:00', '12:00'];
const BASE_S = 60;
const MAX_S = 240;
const ALERT_AFTER = 3;

interface RetryRow {
  refund_attempts: number;
  refund_next_try_at: Date | null;
  refund_last_error: string | null;
  refund_alerted_at: Date | null;
  refund_id: string | null;
  refunded_pence: number;
}

describe('refunds that keep failing are retried with backoff, never starve the others, and alert after N', () => {
  let stripe: FakeStripe;
  let app: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let running: RunningBookings;
  let offsetMs = 0;

  const call = alternatingClient(() => [app.base]);

  const rowOf = async (bookingId: string): Promise<RetryRow> =>
    (
      await db.query<RetryRow>(
        `select refund_attempts, refund_next_try_at, refund_last_error, refund_alerted_at, refund_id, refunded_pence
         from ${SCHEMA}.hunter_bookings where id = $1`,
        [bookingId],
      )
    ).rows[0]!;

  async function confirmedBooking(userId: string, time: string): Promise<{ bookingId: string; intentId: string }> {
    const created = await call(userId, 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, dayAhead(10), time));
    expect(created.status).toBe(200);
    const bookingId = created.body.bookingId as string;
    const intentId = (created.body.clientSecret as string).split('_secret_')[0]!;
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect((await call(userId, 'POST', '/api/bookings', paymentBody(HUNTER_ID, bookingId, intentId))).status).toBe(201);
    return { bookingId, intentId };
  }

  /** The services' clock moved on by `ms` (the test clock, as a later sweep would find it). */
  const later = (ms: number) => setClockOffset((offsetMs += ms));
  const clockNow = () => Date.now() + offsetMs;

  /** One sweep of the refund job: the due bookings it takes (in order), each then run. */
  async function sweep(): Promise<string[]> {
    const job = app.app.get(BookingRefundJob);
    const due = await job.pending();
    for (const pending of due)
      await job.run({ data: pending.data, id: pending.jobId, attemptsMade: 0, finalAttempt: true });
    return due.map((pending) => pending.data.bookingId);
  }

  /** The failing refund's next try, as a delay after the sweep that set it (bracketed by the clock around it). */
  async function failingAttempt(bookingId: string): Promise<{ attempts: number; delayS: [number, number] }> {
    const before = clockNow();
    expect(await sweep()).toEqual([bookingId]);
    const after = clockNow();
    const row = await rowOf(bookingId);
    const next = new Date(row.refund_next_try_at!).getTime();
    return { attempts: row.refund_attempts, delayS: [(next - after) / 1000, (next - before) / 1000] };
  }

  const metrics = async () => (await fetch(`${app.opsBase}/metrics`)).text();

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    running = await startBookings(SCHEMA, {
      env: {
        ...stripe.env(),
        HOLD_SWEEP_MS: '3600000',
        OPS_PORT: '0',
        REFUND_RETRY_BASE_SECONDS: String(BASE_S),
        REFUND_RETRY_MAX_SECONDS: String(MAX_S),
        REFUND_ALERT_AFTER_ATTEMPTS: String(ALERT_AFTER),
        // One refund per sweep: a failing one that kept its place at the head would starve every other.
        REFUND_SWEEP_BATCH: '1',
      },
    });
    app = running.apps[0]!;
    db = running.db;
    await seedHunter(db, SCHEMA, { id: HUNTER_ID, userId: 'u-hunter-12', name: 'Maya', hours: HOURS });
  }, 60_000);

  afterAll(async () => {
    setClockOffset(0);
    await running?.close();
    await stripe?.stop();
  });

  it('asks again by next try, takes the others first, doubles the wait up to the cap, alerts once after N', async () => {
    const failing = await confirmedBooking('u-refund-a', '09:00');
    const second = await confirmedBooking('u-refund-b', '10:00');
    const third = await confirmedBooking('u-refund-c', '11:00');

    // Stripe cannot refund any of them when they are cancelled: each first request fails and is recorded.
    for (const booking of [failing, second, third]) stripe.refundFailures.add(booking.intentId);
    for (const [client, booking] of [
      ['u-refund-a', failing],
      ['u-refund-b', second],
      ['u-refund-c', third],
    ] as const) {
      const before = clockNow();
      expect((await call(client, 'POST', `/api/bookings/${booking.bookingId}/cancel`)).status).toBe(200);
      const row = await rowOf(booking.bookingId);
      expect(row).toMatchObject({ refund_attempts: 1, refund_id: null, refund_alerted_at: null });
      expect(row.refund_last_error).toContain('fake refuses this refund');
      expect(new Date(row.refund_next_try_at!).getTime()).toBeGreaterThanOrEqual(before + BASE_S * 1000);
    }
    expect(stripe.refunds.size).toBe(0);
    // not due before its next try
    expect(await sweep()).toEqual([]);

    // Stripe recovers, except for the first booking's refunds.
    stripe.refundFailures.delete(second.intentId);
    stripe.refundFailures.delete(third.intentId);
    later((BASE_S + 1) * 1000);
    // The failing one is due first (its try is the oldest): it fails again and waits twice as long ...
    const two = await failingAttempt(failing.bookingId);
    expect(two.attempts).toBe(2);
    expect(two.delayS[0]).toBeLessThanOrEqual(2 * BASE_S);
    expect(two.delayS[1]).toBeGreaterThanOrEqual(2 * BASE_S);
    // ... behind the others, which the next sweeps take and refund, one per sweep.
    expect(await sweep()).toEqual([second.bookingId]);
    expect(await sweep()).toEqual([third.bookingId]);
    expect(await sweep()).toEqual([]);
    for (const booking of [second, third]) {
      expect(await rowOf(booking.bookingId)).toMatchObject({ refunded_pence: 8000, refund_alerted_at: null });
    }
    expect(stripe.refunds.size).toBe(2);
    expect(await metrics()).toContain('bookings_refunds_stuck{app="bookings"} 0');

    // The N-th failure raises the alert: counted once, and the gauge says one refund is stuck.
    later((2 * BASE_S + 1) * 1000);
    const three = await failingAttempt(failing.bookingId);
    expect(three.attempts).toBe(ALERT_AFTER);
    expect(three.delayS[1]).toBeGreaterThanOrEqual(Math.min(4 * BASE_S, MAX_S));
    expect((await rowOf(failing.bookingId)).refund_alerted_at).not.toBeNull();
    let text = await metrics();
    expect(text).toContain('bookings_payment_outcomes_total{outcome="refund_stuck",app="bookings"} 1');
    expect(text).toContain('bookings_refunds_stuck{app="bookings"} 1');

    // Past the cap the wait stays at the cap (60 × 2³ = 480 s > 240 s), and the alert is not counted again.
    later((MAX_S + 1) * 1000);
    const four = await failingAttempt(failing.bookingId);
    expect(four.attempts).toBe(ALERT_AFTER + 1);
    expect(four.delayS[0]).toBeLessThanOrEqual(MAX_S);
    expect(four.delayS[1]).toBeGreaterThanOrEqual(MAX_S);
    text = await metrics();
    expect(text).toContain('bookings_payment_outcomes_total{outcome="refund_stuck",app="bookings"} 1');
    expect(stripe.refunds.size).toBe(2);

    // Once Stripe can refund it, the next due sweep does (the same idempotency key), and nothing is stuck.
    stripe.refundFailures.delete(failing.intentId);
    later((MAX_S + 1) * 1000);
    expect(await sweep()).toEqual([failing.bookingId]);
    expect(await rowOf(failing.bookingId)).toMatchObject({ refunded_pence: 8000, refund_attempts: ALERT_AFTER + 1 });
    const asked = stripe.requests.filter(
      (request) => request.path === '/v1/refunds' && request.params.payment_intent === failing.intentId,
    );
    expect(new Set(asked.map((request) => request.idempotencyKey))).toEqual(
      new Set([`booking:${failing.bookingId}:refund`]),
    );
    expect(await metrics()).toContain('bookings_refunds_stuck{app="bookings"} 0');
  });
});
