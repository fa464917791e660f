import { DEFAULT_SESSION_TYPES } from '@hunted/contracts';
import { startServiceApp, TEST_DATABASE_URL, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { londonClock } from '../src/slots/bookable-slots.js';
import { FakeStripe } from './fake-stripe/fake-stripe.js';
import { alternatingClient } from './support/alternating-client.js';

/**
 * Stripe mode from end to end: the real bookings feature (not a recording handler) on two instances, the real SDK
 * against the fake Stripe, webhooks signed as Stripe signs them.
 */
const SCHEMA = 'bookings_stripe_flow_it';
const HUNTER_ID = 11;
const HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00'];
const dayAhead = (days: number) => londonClock(Date.now() + days * 86_400_000).date;

describe('bookings in stripe mode: intents, webhooks and refunds through the real use cases', () => {
  let stripe: FakeStripe;
  let first: RunningServiceApp<NestFastifyApplication>;
  let second: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;

  const call = alternatingClient(() => [first.base, second.base]);

  const hold = (userId: string, date: string, time: string) =>
    call(userId, 'POST', '/api/create-payment-intent', {
      amount: 1,
      hunterId: HUNTER_ID,
      sessionType: 'whatsappVideo',
      sessionDate: date,
      sessionTime: time,
      duration: 60,
    });

  const book = (userId: string, bookingId: string, stripePaymentIntentId: string) =>
    call(userId, 'POST', '/api/bookings', {
      hunterId: HUNTER_ID,
      sessionType: 'whatsappVideo',
      sessionDate: '2030-01-01',
      sessionTime: '09:00',
      duration: 60,
      price: 8000,
      stripePaymentIntentId,
      bookingId,
    });

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
    const config = loadConfig(testServiceEnv(SCHEMA, stripe.env()));
    first = await startServiceApp(createBookingsApp, config);
    second = await startServiceApp(createBookingsApp, config, { fresh: false });
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    await db.query(
      `insert into ${SCHEMA}.hunters values ($1, 'u-hunter-11', 'Maya', null, 'United Kingdom', 'Available', $2::jsonb, 0, now())`,
      [HUNTER_ID, JSON.stringify(DEFAULT_SESSION_TYPES)],
    );
    const week = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, HOURS]));
    await db.query(`insert into ${SCHEMA}.hunter_weekly_hours values ($1, $2::jsonb, now())`, [
      HUNTER_ID,
      JSON.stringify(week),
    ]);
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await second?.close();
    await first?.close();
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

  it("a client's early cancellation is refunded at Stripe once, and settled by charge.refunded", async () => {
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

    const refunded = stripe.eventFor('charge.refunded', refunds[0]!.charge as string);
    await Promise.all([first, second].map((app) => stripe.deliver(`${app.base}/api/stripe/webhook`, refunded)));
    expect(await eventsOf('bookings.booking.refunded', bookingId)).toBe(1);
    const detail = await call('u-canceller', 'GET', `/api/bookings/${bookingId}`);
    expect(detail.body).toMatchObject({ status: 'cancelled', refundedPence: 8000 });
  });
});
