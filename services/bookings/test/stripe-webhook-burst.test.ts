import type { RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe, type StripeEventBody } from './fake-stripe/fake-stripe.js';
import { alternatingClient } from './support/alternating-client.js';
import { dayAhead, holdBody, seedHunter, startBookings, type RunningBookings } from './support/bookings-fixture.js';

/**
 * A burst of Stripe deliveries against one bookings instance with the real bookings feature (its pool of 10): each
 * delivery must need one pooled connection only, so a burst queues for the pool instead of deadlocking it.
 */
const SCHEMA = 'bookings_stripe_burst_it';
const HUNTER_ID = 21;
const HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00'];
const BURST = 30;

describe('Stripe webhook burst: 30 concurrent signed deliveries against one instance', () => {
  let stripe: FakeStripe;
  let bookings: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let running: RunningBookings;
  const call = alternatingClient(() => [bookings.base]);

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    running = await startBookings(SCHEMA, { env: stripe.env() });
    [bookings] = running.apps as [typeof bookings];
    db = running.db;
    await seedHunter(db, SCHEMA, { id: HUNTER_ID, userId: 'u-hunter-21', name: 'Iris', hours: HOURS });
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await stripe?.stop();
  });

  /** 30 holds (each its own member and hour), each paid at Stripe: their `payment_intent.succeeded` events. */
  async function paidHolds(): Promise<{ bookingIds: string[]; events: StripeEventBody[] }> {
    const bookingIds: string[] = [];
    const events: StripeEventBody[] = [];
    for (let i = 0; i < BURST; i += 1) {
      const created = await call(
        `u-burst-${i}`,
        'POST',
        '/api/create-payment-intent',
        holdBody(HUNTER_ID, dayAhead(3 + Math.floor(i / HOURS.length)), HOURS[i % HOURS.length]!),
      );
      expect(created.status).toBe(200);
      const intentId = (created.body.clientSecret as string).split('_secret_')[0]!;
      await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
      bookingIds.push(created.body.bookingId as string);
      events.push(stripe.eventFor('payment_intent.succeeded', intentId));
    }
    return { bookingIds, events };
  }

  it('answers every one 200 and confirms every booking once; the instance still answers afterwards', async () => {
    const { bookingIds, events } = await paidHolds();

    // A deadlocked pool would not hang here: each stuck delivery fails its wait for a second connection after
    // DATABASE_ACQUIRE_TIMEOUT_MS and is answered 503. Thirty 200s are thirty deliveries that queued and went
    // through, whatever the time that took on a busy machine.
    const deliveries = await Promise.all(events.map((event) => stripe.deliver(`${bookings.base}/api/stripe/webhook`, event)));

    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array.from({ length: BURST }, () => 200));
    const { rows } = await db.query<{ status: string; count: number }>(
      `select status, count(*)::int as count from ${SCHEMA}.hunter_bookings where id = any($1::uuid[]) group by status`,
      [bookingIds],
    );
    expect(rows).toEqual([{ status: 'confirmed', count: BURST }]);
    const confirmed = await db.query<{ count: number }>(
      `select count(*)::int as count from ${SCHEMA}.outbox where type = 'bookings.booking.confirmed' and data->>'bookingId' = any($1)`,
      [bookingIds],
    );
    expect(confirmed.rows[0]!.count).toBe(BURST);
    expect((await fetch(`${bookings.base}/health/ready`)).status).toBe(200);
  });
});
