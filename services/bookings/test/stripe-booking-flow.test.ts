import type { RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HoldExpiryJob } from '../src/bookings/booking-holds.job.js';
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
 * Stripe mode from end to end: the real bookings feature (not a recording handler) on two instances, the real SDK
 * against the fake Stripe, webhooks signed as Stripe signs them.
 */
const SCHEMA = 'bookings_stripe_flow_it';
const HUNTER_ID = 11;
const HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00'];

describe('bookings in stripe mode: intents, webhooks and refunds through the real use cases', () => {
  let stripe: FakeStripe;
  let first: RunningServiceApp<NestFastifyApplication>;
  let second: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let running: RunningBookings;

  const call = alternatingClient(() => [first.base, second.base]);

  const hold = (userId: string, date: string, time: string) =>
    call(userId, 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, date, time, { amount: 1 }));

  const book = (userId: string, bookingId: string, stripePaymentIntentId: string) =>
    call(userId, 'POST', '/api/bookings', paymentBody(HUNTER_ID, bookingId, stripePaymentIntentId));

  const intentOf = (created: { body: Record<string, unknown> }) =>
    (created.body.clientSecret as string).split('_secret_')[0]!;

  const paidAtStripe = (intentId: string) =>
    stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });

  const expire = (bookingId: string) =>
    db.query(`update ${SCHEMA}.hunter_bookings set expires_at = now() - interval '1 second' where id = $1`, [
      bookingId,
    ]);

  const runExpiry = (bookingId: string) =>
    first.app.get(HoldExpiryJob).run({ data: { bookingId }, id: bookingId, attemptsMade: 0, finalAttempt: false });

  const rowOf = async (bookingId: string) =>
    (
      await db.query<{
        status: string;
        payment_status: string | null;
        refund_reason: string | null;
        refunded_pence: number;
      }>(`select status, payment_status, refund_reason, refunded_pence from ${SCHEMA}.hunter_bookings where id = $1`, [
        bookingId,
      ])
    ).rows[0];

  const refundsOf = (intentId: string) =>
    [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId);

  const statusOf = async (bookingId: string) =>
    (await db.query<{ status: string }>(`select status from ${SCHEMA}.hunter_bookings where id = $1`, [bookingId]))
      .rows[0]?.status;

  const eventsOf = async (type: string, bookingId: string) =>
    (
      await db.query<{ count: number }>(
        `select count(*)::int as count from ${SCHEMA}.outbox where type = $1 and data->>'bookingId' = $2`,
        [type, bookingId],
      )
    ).rows[0]!.count;

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    // The tests run the hold expiry themselves; the minute sweep is kept out of their way.
    running = await startBookings(SCHEMA, { instances: 2, env: { ...stripe.env(), HOLD_SWEEP_MS: '3600000' } });
    [first, second] = running.apps as [typeof first, typeof second];
    db = running.db;
    await seedHunter(db, SCHEMA, { id: HUNTER_ID, userId: 'u-hunter-11', name: 'Maya', hours: HOURS });
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await stripe?.stop();
  });

  it('says it is in stripe mode, with the publishable key', async () => {
    const config = await call('u-any', 'GET', '/api/bookings/payment-config');
    expect(config).toEqual({ status: 200, body: { mode: 'stripe', publishableKey: stripe.publishableKey } });
  });

  it('a webhook replayed 5 times across both instances confirms once; the page finding it done; a sim_ id is refused', async () => {
    const created = await hold('u-payer', dayAhead(4), '10:00');
    expect(created.status).toBe(200);
    const bookingId = created.body.bookingId as string;
    expect(created.body.amount).toBe(8000); // the hunter's price, not the 1p the page claimed
    const intentId = (created.body.clientSecret as string).split('_secret_')[0]!;
    expect(stripe.intents.get(intentId)?.metadata).toEqual({ bookingId });

    expect((await book('u-payer', bookingId, `sim_${bookingId.replaceAll('-', '')}`)).status).toBe(400);
    expect((await book('u-payer', bookingId, intentId)).status).toBe(400); // not paid yet

    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const event = stripe.eventFor('payment_intent.succeeded', intentId);
    const deliveries = await Promise.all(
      [first, second, first, second, first].map((app) => stripe.deliver(`${app.base}/api/stripe/webhook`, event)),
    );
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await statusOf(bookingId)).toBe('confirmed');
    expect(await eventsOf('bookings.booking.confirmed', bookingId)).toBe(1);

    const page = await book('u-payer', bookingId, intentId);
    expect(page.status).toBe(201);
    expect(page.body.status).toBe('confirmed');
    expect(await eventsOf('bookings.booking.confirmed', bookingId)).toBe(1);
  });

  it('a webhook with a bad signature changes nothing', async () => {
    const created = await hold('u-forger', dayAhead(5), '11:00');
    const bookingId = created.body.bookingId as string;
    const intentId = (created.body.clientSecret as string).split('_secret_')[0]!;
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const event = stripe.eventFor('payment_intent.succeeded', intentId);
    const forged = await stripe.deliver(`${first.base}/api/stripe/webhook`, event, {
      signatureHeader: 't=1,v1=deadbeef',
    });
    expect(forged.status).toBe(400);
    expect(await statusOf(bookingId)).toBe('pending_payment');
  });

  it("a client's early cancellation is refunded at Stripe once, and its refund's events change nothing more", async () => {
    const created = await hold('u-canceller', dayAhead(6), '12:00');
    const bookingId = created.body.bookingId as string;
    const intentId = (created.body.clientSecret as string).split('_secret_')[0]!;
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect((await book('u-canceller', bookingId, intentId)).status).toBe(201);

    const cancelled = await call('u-canceller', 'POST', `/api/bookings/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    const refunds = [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(8000);

    const refunded = stripe.eventFor('refund.created', refunds[0]!.id);
    await Promise.all([first, second].map((app) => stripe.deliver(`${app.base}/api/stripe/webhook`, refunded)));
    expect(await eventsOf('bookings.booking.refunded', bookingId)).toBe(1);
    const detail = await call('u-canceller', 'GET', `/api/bookings/${bookingId}`);
    expect(detail.body).toMatchObject({ status: 'cancelled', refundedPence: 8000 });
  });

  describe('refunds are tracked by refund id and amount', () => {
    /** A confirmed booking paid at Stripe (the page's confirmation), with its intent. */
    async function confirmedBooking(userId: string, days: number, time: string) {
      const created = await hold(userId, dayAhead(days), time);
      const bookingId = created.body.bookingId as string;
      const intentId = intentOf(created);
      await paidAtStripe(intentId);
      expect((await book(userId, bookingId, intentId)).status).toBe(201);
      return { bookingId, intentId };
    }

    const refundRows = async (bookingId: string) =>
      (
        await db.query<{ amount_pence: number; status: string; ours: boolean; failure_reason: string | null }>(
          `select amount_pence, status, ours, failure_reason from ${SCHEMA}.booking_refunds where booking_id = $1
           order by created_at, id`,
          [bookingId],
        )
      ).rows;

    it("a dashboard refund on a confirmed booking does not silence a later cancellation's refund", async () => {
      const { bookingId, intentId } = await confirmedBooking('u-goodwill', 11, '09:00');
      // Support gives £20 back by hand in the dashboard; Stripe sends refund.created and charge.refunded.
      const goodwill = await stripe.client().refunds.create({ payment_intent: intentId, amount: 2000 });
      for (const event of [
        stripe.eventFor('refund.created', goodwill.id),
        stripe.eventFor('charge.refunded', goodwill.charge as string),
      ]) {
        expect((await stripe.deliver(`${first.base}/api/stripe/webhook`, event)).status).toBe(200);
      }
      expect(await rowOf(bookingId)).toMatchObject({ status: 'confirmed', refunded_pence: 2000 });
      expect(await eventsOf('bookings.booking.refunded', bookingId)).toBe(0);

      // The client then cancels in time: the rest of the price comes back, and the refund is announced once.
      expect((await call('u-goodwill', 'POST', `/api/bookings/${bookingId}/cancel`)).status).toBe(200);
      expect(refundsOf(intentId).map((refund) => refund.amount)).toEqual([2000, 6000]);
      expect(await refundRows(bookingId)).toEqual([
        { amount_pence: 2000, status: 'succeeded', ours: false, failure_reason: null },
        { amount_pence: 6000, status: 'succeeded', ours: true, failure_reason: null },
      ]);
      expect(await rowOf(bookingId)).toMatchObject({ status: 'cancelled', refunded_pence: 8000 });
      expect(await eventsOf('bookings.booking.refunded', bookingId)).toBe(1);
    });

    it('a pending refund is settled by its refund.updated; a failed one (refund.failed) is recorded as failed and not counted', async () => {
      const { bookingId, intentId } = await confirmedBooking('u-pending-refund', 12, '10:00');
      stripe.nextRefundStatus = 'pending';
      try {
        expect((await call('u-pending-refund', 'POST', `/api/bookings/${bookingId}/cancel`)).status).toBe(200);
      } finally {
        stripe.nextRefundStatus = 'succeeded';
      }
      const [refund] = refundsOf(intentId);
      expect(await refundRows(bookingId)).toEqual([
        { amount_pence: 8000, status: 'pending', ours: true, failure_reason: null },
      ]);
      expect(await eventsOf('bookings.booking.refunded', bookingId)).toBe(0);

      const settled = stripe.settleRefund(refund!.id, 'succeeded');
      await Promise.all([first, second].map((app) => stripe.deliver(`${app.base}/api/stripe/webhook`, settled)));
      expect(await rowOf(bookingId)).toMatchObject({ refunded_pence: 8000 });
      expect(await eventsOf('bookings.booking.refunded', bookingId)).toBe(1);

      // The card turns out closed: Stripe fails the refund after all.
      const failed = stripe.settleRefund(refund!.id, 'failed', 'expired_or_canceled_card');
      // An older pending report arriving late changes nothing.
      const stale = stripe.eventFor('refund.created', refund!.id);
      for (const event of [failed, stale]) {
        expect((await stripe.deliver(`${second.base}/api/stripe/webhook`, event)).status).toBe(200);
      }
      expect(await refundRows(bookingId)).toEqual([
        { amount_pence: 8000, status: 'failed', ours: true, failure_reason: 'expired_or_canceled_card' },
      ]);
      expect(await rowOf(bookingId)).toMatchObject({ refunded_pence: 0 });
      // Not asked again by the refund sweep (the same card would refuse it): a person settles it.
      expect(refundsOf(intentId)).toHaveLength(1);
    });
  });

  describe('an expired hold whose intent Stripe says succeeded (its webhook lost or late) is settled, never recorded as cancelled', () => {
    it('is confirmed when its time is still free and ahead; a second run changes nothing', async () => {
      const created = await hold('u-late-free', dayAhead(7), '09:00');
      const bookingId = created.body.bookingId as string;
      const intentId = intentOf(created);
      await paidAtStripe(intentId);
      await expire(bookingId);

      expect(await runExpiry(bookingId)).toEqual({ expired: true, payment: 'confirmed' });
      expect(await rowOf(bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'succeeded' });
      expect(stripe.intents.get(intentId)?.status).toBe('succeeded');
      expect(refundsOf(intentId)).toEqual([]);
      expect(await eventsOf('bookings.booking.confirmed', bookingId)).toBe(1);

      expect(await runExpiry(bookingId)).toEqual({ expired: false, payment: 'nothing' });
      expect(await eventsOf('bookings.booking.confirmed', bookingId)).toBe(1);
    });

    it('is refunded in full when another member took the time meanwhile', async () => {
      const created = await hold('u-late-taken', dayAhead(8), '10:00');
      const bookingId = created.body.bookingId as string;
      const intentId = intentOf(created);
      await paidAtStripe(intentId);
      await expire(bookingId);
      expect((await hold('u-late-taker', dayAhead(8), '10:00')).status).toBe(200);

      expect(await runExpiry(bookingId)).toEqual({ expired: true, payment: 'refunded' });
      expect(refundsOf(intentId).map((refund) => refund.amount)).toEqual([8000]);
      expect(await rowOf(bookingId)).toMatchObject({
        status: 'expired',
        payment_status: 'succeeded',
        refund_reason: 'late_payment',
        refunded_pence: 8000,
      });
      expect(await eventsOf('bookings.booking.refunded', bookingId)).toBe(1);
    });

    it('is refunded in full when its time has already begun', async () => {
      const created = await hold('u-late-gone', dayAhead(9), '11:00');
      const bookingId = created.body.bookingId as string;
      const intentId = intentOf(created);
      await paidAtStripe(intentId);
      await db.query(
        `update ${SCHEMA}.hunter_bookings set expires_at = now() - interval '1 hour',
           starts_at = now() - interval '10 minutes', ends_at = now() + interval '50 minutes' where id = $1`,
        [bookingId],
      );

      expect(await runExpiry(bookingId)).toEqual({ expired: true, payment: 'refunded' });
      expect(refundsOf(intentId).map((refund) => refund.amount)).toEqual([8000]);
      expect(await rowOf(bookingId)).toMatchObject({ status: 'expired', refund_reason: 'late_payment' });
      expect(await eventsOf('bookings.booking.confirmed', bookingId)).toBe(0);
    });

    it('an intent still processing is asked about later and does not hold up the sweep; settled once it succeeds', async () => {
      const stuck = await hold('u-processing', dayAhead(10), '12:00');
      const stuckId = stuck.body.bookingId as string;
      stripe.intents.get(intentOf(stuck))!.status = 'processing';
      await db.query(`update ${SCHEMA}.hunter_bookings set expires_at = now() - interval '1 hour' where id = $1`, [
        stuckId,
      ]);

      expect(await runExpiry(stuckId)).toEqual({ expired: true, payment: 'deferred' });
      expect(await rowOf(stuckId)).toMatchObject({ status: 'expired', payment_status: 'processing' });

      // A hold that expired after it is next in the sweep; the processing one is not due yet.
      const unpaid = await hold('u-unpaid', dayAhead(10), '13:00');
      const unpaidId = unpaid.body.bookingId as string;
      await expire(unpaidId);
      const due = (await first.app.get(HoldExpiryJob).pending()).map((job) => job.jobId);
      expect(due).toContain(unpaidId);
      expect(due).not.toContain(stuckId);
      expect(await runExpiry(unpaidId)).toEqual({ expired: true, payment: 'canceled' });
      expect(stripe.intents.get(intentOf(unpaid))?.status).toBe('canceled');

      // Its next look comes due, and by then the bank said yes: the time is still free, so it is confirmed.
      Object.assign(stripe.intents.get(intentOf(stuck))!, { status: 'succeeded', amount_received: 8000 });
      await db.query(
        `update ${SCHEMA}.hunter_bookings set payment_check_after = now() - interval '1 second' where id = $1`,
        [stuckId],
      );
      expect((await first.app.get(HoldExpiryJob).pending()).map((job) => job.jobId)).toContain(stuckId);
      expect(await runExpiry(stuckId)).toEqual({ expired: true, payment: 'confirmed' });
      expect(await rowOf(stuckId)).toMatchObject({ status: 'confirmed', payment_status: 'succeeded' });
    });
  });
});
