import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Module } from '@nestjs/common';
import {
  startServiceApp,
  TEST_DATABASE_URL,
  TEST_INTERNAL_AUTH_PRIVATE_KEY,
  TEST_INTERNAL_AUTH_PUBLIC_KEY,
  TEST_REDIS_URL,
  testServiceEnv,
  UNREACHABLE_PORT,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayApp, type GatewayApp } from '../../../gateway/src/app.js';
import { gatewayEnvSchema } from '../../../gateway/src/config.js';
import { createBookingsApp } from '../src/app.js';
import { loadConfig, type BookingsConfig } from '../src/config.js';
import type { EntityManager } from 'typeorm';
import {
  PaymentOutcomeHandler,
  type AfterCommit,
  type PaymentIntentSnapshot,
  type RefundReport,
} from '../src/payments/payment-provider.js';
import { StripeEventsPruneJob } from '../src/payments/stripe-events-prune.job.js';
import { FakeStripe, type StripeEventBody } from './fake-stripe/fake-stripe.js';

const SCHEMA = 'bookings_stripe_webhook';

type OutcomeCall =
  { method: 'paymentSucceeded'; intent: PaymentIntentSnapshot } | { method: 'refundChanged'; refund: RefundReport };

/**
 * A PaymentOutcomeHandler that records its calls (shared by both app instances, as the bookings table would be),
 * can be held at a gate the test opens (so replays are certain to arrive while the first delivery's transaction is
 * open), and fails on request.
 */
class RecordingOutcomes extends PaymentOutcomeHandler {
  static readonly calls: OutcomeCall[] = [];
  static failNext = false;
  /** While set, every call waits for it before going on. */
  static gate: Promise<void> | null = null;
  /** The database session of the calls held at the gate (their delivery's transaction). */
  static readonly heldSessions: number[] = [];

  private async record(call: OutcomeCall, manager: EntityManager): Promise<void> {
    if (RecordingOutcomes.gate) {
      const [{ pid }] = (await manager.query('select pg_backend_pid() as pid')) as [{ pid: number }];
      RecordingOutcomes.heldSessions.push(pid);
      await RecordingOutcomes.gate;
    }
    if (RecordingOutcomes.failNext) {
      RecordingOutcomes.failNext = false;
      throw new Error('the booking could not be confirmed just now');
    }
    RecordingOutcomes.calls.push(call);
  }

  async paymentSucceeded(manager: EntityManager, intent: PaymentIntentSnapshot): Promise<AfterCommit | null> {
    await this.record({ method: 'paymentSucceeded', intent }, manager);
    return null;
  }

  refundChanged(manager: EntityManager, refund: RefundReport): Promise<void> {
    return this.record({ method: 'refundChanged', refund }, manager);
  }
}

@Module({
  providers: [{ provide: PaymentOutcomeHandler, useClass: RecordingOutcomes }],
  exports: [PaymentOutcomeHandler],
})
class RecordingOutcomesModule {}

const startBookings = (config: BookingsConfig, fresh: boolean) =>
  startServiceApp((c: BookingsConfig) => createBookingsApp(c, { paymentOutcomes: RecordingOutcomesModule }), config, {
    fresh,
  });

describe('Stripe webhook: signed events, each handled once across two bookings instances', () => {
  let stripe: FakeStripe;
  let first: RunningServiceApp<NestFastifyApplication>;
  let second: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  const webhookUrl = (app: RunningServiceApp<NestFastifyApplication>) => `${app.base}/api/stripe/webhook`;

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    const config = loadConfig(testServiceEnv(SCHEMA, stripe.env()));
    first = await startBookings(config, true);
    second = await startBookings(config, false);
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await second?.close();
    await first?.close();
    await stripe?.stop();
  });

  beforeEach(() => {
    RecordingOutcomes.calls.length = 0;
    RecordingOutcomes.failNext = false;
    RecordingOutcomes.gate = null;
  });

  /**
   * Runs `deliver` with the outcome handler held at its gate until `replays` other deliveries wait on the first
   * one's transaction (its stripe_events row): they are then certain to have come while it was open, as a burst of
   * Stripe retries does, whatever the timing of the machine. Counted by who blocks them, so only this test's
   * sessions count.
   */
  async function withReplaysWaiting<T>(replays: number, deliver: () => Promise<T>): Promise<T> {
    let open: () => void = () => undefined;
    RecordingOutcomes.gate = new Promise<void>((resolve) => (open = resolve));
    RecordingOutcomes.heldSessions.length = 0;
    try {
      const delivered = deliver();
      await waitFor(`${replays} replays waiting on the first delivery`, async () => {
        const [held] = RecordingOutcomes.heldSessions;
        if (held === undefined) return false;
        const { rows } = await db.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
          [held],
        );
        return rows[0]!.n === replays;
      });
      open();
      return await delivered;
    } finally {
      open();
      RecordingOutcomes.gate = null;
    }
  }

  const storedEvents = async (id: string) =>
    (await db.query<{ id: string; type: string }>(`select id, type from ${SCHEMA}.stripe_events where id = $1`, [id]))
      .rows;

  /** A paid booking's `payment_intent.succeeded`, as the fake raised it when the intent was confirmed. */
  async function paidIntentEvent(amountPence = 4500): Promise<{ bookingId: string; event: StripeEventBody }> {
    const bookingId = randomUUID();
    const client = stripe.client();
    const intent = await client.paymentIntents.create(
      { amount: amountPence, currency: 'gbp', metadata: { bookingId }, automatic_payment_methods: { enabled: true } },
      { idempotencyKey: `booking:${bookingId}:pi` },
    );
    await client.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    return { bookingId, event: stripe.eventFor('payment_intent.succeeded', intent.id) };
  }

  it('hands a verified payment_intent.succeeded to the outcome handler, with the intent as Stripe sent it', async () => {
    const { bookingId, event } = await paidIntentEvent(4500);

    const delivery = await stripe.deliver(webhookUrl(first), event);

    expect(delivery).toEqual({ status: 200, body: JSON.stringify({ received: true, outcome: 'handled' }) });
    expect(RecordingOutcomes.calls).toEqual([
      {
        method: 'paymentSucceeded',
        intent: {
          id: event.data.object.id,
          clientSecret: event.data.object.client_secret,
          amountPence: 4500,
          currency: 'gbp',
          status: 'succeeded',
          bookingId,
        },
      },
    ]);
    expect(await storedEvents(event.id)).toEqual([{ id: event.id, type: 'payment_intent.succeeded' }]);
  });

  it('handles an event once when it is delivered 5 times at once across both instances', async () => {
    const { event } = await paidIntentEvent();

    const deliveries = await withReplaysWaiting(4, () =>
      Promise.all(Array.from({ length: 5 }, (_, i) => stripe.deliver(webhookUrl(i % 2 === 0 ? first : second), event))),
    );

    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = deliveries.map((delivery) => (JSON.parse(delivery.body) as { outcome: string }).outcome).sort();
    expect(outcomes).toEqual(['handled', 'replayed', 'replayed', 'replayed', 'replayed']);
    expect(RecordingOutcomes.calls).toHaveLength(1);
    expect(await storedEvents(event.id)).toHaveLength(1);

    // And again later, one at a time, on either instance: still nothing more.
    for (const app of [first, second]) expect((await stripe.deliver(webhookUrl(app), event)).status).toBe(200);
    expect(RecordingOutcomes.calls).toHaveLength(1);
  });

  it("keeps no record of an event whose handling failed (500), so Stripe's next delivery handles it", async () => {
    const { event } = await paidIntentEvent();
    RecordingOutcomes.failNext = true;

    expect((await stripe.deliver(webhookUrl(first), event)).status).toBe(500);
    expect(await storedEvents(event.id)).toEqual([]);
    expect(RecordingOutcomes.calls).toEqual([]);

    expect((await stripe.deliver(webhookUrl(second), event)).status).toBe(200);
    expect(RecordingOutcomes.calls).toHaveLength(1);
    expect(await storedEvents(event.id)).toHaveLength(1);
  });

  it('reports refund.created and refund.failed by refund id and amount; charge.refunded is only stored', async () => {
    const { bookingId, event: paid } = await paidIntentEvent(6000);
    const intentId = paid.data.object.id;
    const refund = await stripe
      .client()
      .refunds.create(
        { payment_intent: intentId, amount: 6000, metadata: { bookingId } },
        { idempotencyKey: `booking:${bookingId}:refund` },
      );
    const created = stripe.eventFor('refund.created', refund.id);
    const chargeRefunded = stripe.eventFor('charge.refunded', paid.data.object.latest_charge as string);

    expect((await stripe.deliver(webhookUrl(second), created)).status).toBe(200);
    expect((await stripe.deliver(webhookUrl(first), chargeRefunded)).status).toBe(200);
    const failed = stripe.settleRefund(refund.id, 'failed');
    expect((await stripe.deliver(webhookUrl(first), failed)).status).toBe(200);

    const report = { id: refund.id, paymentIntentId: intentId, amountPence: 6000, bookingId };
    expect(RecordingOutcomes.calls).toEqual([
      { method: 'refundChanged', refund: { ...report, status: 'succeeded', failureReason: null } },
      { method: 'refundChanged', refund: { ...report, status: 'failed', failureReason: 'expired_or_canceled_card' } },
    ]);
    expect(await storedEvents(chargeRefunded.id)).toEqual([{ id: chargeRefunded.id, type: 'charge.refunded' }]);
  });

  it('prunes event ids older than STRIPE_EVENT_RETENTION_DAYS (30 by default), keeping newer ones', async () => {
    const { event } = await paidIntentEvent();
    expect((await stripe.deliver(webhookUrl(first), event)).status).toBe(200);
    await db.query(
      `insert into ${SCHEMA}.stripe_events (id, type, stripe_created_at, received_at)
       select 'evt_old_' || n, 'payment_intent.created', now() - interval '40 days', now() - interval '31 days'
       from generate_series(1, 120) as n`,
    );
    await db.query(
      `insert into ${SCHEMA}.stripe_events (id, type, stripe_created_at, received_at)
       values ('evt_recent_29_days', 'payment_intent.created', now() - interval '29 days', now() - interval '29 days')`,
    );

    expect(await second.app.get(StripeEventsPruneJob).run()).toEqual({ pruned: 120 });
    const left = await db.query<{ count: number }>(
      `select count(*)::int as count from ${SCHEMA}.stripe_events where id like 'evt_old_%'`,
    );
    expect(left.rows[0]!.count).toBe(0);
    expect(await storedEvents('evt_recent_29_days')).toHaveLength(1);
    expect(await storedEvents(event.id)).toHaveLength(1);
    expect(await first.app.get(StripeEventsPruneJob).run()).toEqual({ pruned: 0 });
  });

  it('stores other event types and answers 200 without calling the handler', async () => {
    const { event: paid } = await paidIntentEvent();
    const created = stripe.eventFor('payment_intent.created', paid.data.object.id);

    expect((await stripe.deliver(webhookUrl(first), created)).status).toBe(200);
    expect(RecordingOutcomes.calls).toEqual([]);
    expect(await storedEvents(created.id)).toEqual([{ id: created.id, type: 'payment_intent.created' }]);
  });

  describe('refuses with 400, storing and handling nothing', () => {
    it('a signature made with another secret', async () => {
      const { event } = await paidIntentEvent();
      const delivery = await stripe.deliver(webhookUrl(first), event, { secret: 'whsec_not_ours' });
      expect(delivery.status).toBe(400);
      expect(delivery.body).toMatch(/No signatures found matching the expected signature/);
      expect(await storedEvents(event.id)).toEqual([]);
      expect(RecordingOutcomes.calls).toEqual([]);
    });

    it('no Stripe-Signature header, or one that is not a signature', async () => {
      const { event } = await paidIntentEvent();
      expect((await stripe.deliver(webhookUrl(first), event, { signatureHeader: null })).status).toBe(400);
      expect((await stripe.deliver(webhookUrl(second), event, { signatureHeader: 'garbage' })).status).toBe(400);
      expect(await storedEvents(event.id)).toEqual([]);
      expect(RecordingOutcomes.calls).toEqual([]);
    });

    it('a body changed after it was signed (a tampered amount)', async () => {
      const { event } = await paidIntentEvent(4500);
      const header = Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(event, null, 2),
        secret: stripe.webhookSecret,
      });
      const tampered = JSON.stringify({ ...event, data: { object: { ...event.data.object, amount: 1 } } }, null, 2);
      const response = await fetch(webhookUrl(first), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: tampered,
      });
      expect(response.status).toBe(400);
      expect(await storedEvents(event.id)).toEqual([]);
      expect(RecordingOutcomes.calls).toEqual([]);
    });

    it('a correctly signed event whose signature is 301 seconds old (one at 299 s still passes)', async () => {
      const { event } = await paidIntentEvent();
      const now = Math.floor(Date.now() / 1000);
      const stale = await stripe.deliver(webhookUrl(first), event, { timestamp: now - 301 });
      expect(stale.status).toBe(400);
      expect(stale.body).toMatch(/Timestamp outside the tolerance zone/);
      expect(await storedEvents(event.id)).toEqual([]);
      expect(RecordingOutcomes.calls).toEqual([]);

      expect((await stripe.deliver(webhookUrl(second), event, { timestamp: now - 299 })).status).toBe(200);
      expect(RecordingOutcomes.calls).toHaveLength(1);
    });
  });

  it('tells the payment page it is in stripe mode, with the publishable key', async () => {
    const response = await fetch(`${second.base}/api/bookings/payment-config`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ mode: 'stripe', publishableKey: stripe.publishableKey });
  });

  describe('through the real gateway (its /api/stripe/webhook row: guests may write, no CSRF origin, a budget of its own)', () => {
    let gateway: GatewayApp;
    let gatewayBase: string;
    let webDist: string;

    beforeAll(async () => {
      webDist = mkdtempSync(path.join(tmpdir(), 'stripe-webhook-web-'));
      writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hunted</title><div id="root"></div>');
      const deadUrl = `http://127.0.0.1:${UNREACHABLE_PORT}`;
      gateway = await createGatewayApp(
        gatewayEnvSchema.parse({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          PORT: '0',
          HOST: '127.0.0.1',
          REDIS_URL: TEST_REDIS_URL,
          REDIS_PREFIX: `test:${SCHEMA}:gateway:${process.pid}:`,
          INTERNAL_AUTH_PRIVATE_KEY: TEST_INTERNAL_AUTH_PRIVATE_KEY,
          INTERNAL_AUTH_PUBLIC_KEY: TEST_INTERNAL_AUTH_PUBLIC_KEY,
          WEB_DIST_DIR: webDist,
          BOOKINGS_URL: first.base,
          IDENTITY_URL: deadUrl,
          BRANDS_URL: deadUrl,
          REVIEWS_URL: deadUrl,
          HUNTERS_URL: deadUrl,
          MESSAGING_URL: deadUrl,
        }),
      );
      await gateway.app.listen(0, '127.0.0.1');
      gatewayBase = `http://127.0.0.1:${(gateway.app.getHttpServer().address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      await gateway?.app.close();
      if (webDist) rmSync(webDist, { recursive: true, force: true });
    });

    it('passes the body through byte for byte, so the signature still verifies and the event is handled once', async () => {
      const { bookingId, event } = await paidIntentEvent(7000);

      const deliveries = await withReplaysWaiting(2, () =>
        Promise.all(Array.from({ length: 3 }, () => stripe.deliver(`${gatewayBase}/api/stripe/webhook`, event))),
      );

      expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200]);
      expect(RecordingOutcomes.calls).toEqual([
        { method: 'paymentSucceeded', intent: expect.objectContaining({ bookingId, amountPence: 7000 }) },
      ]);
      expect(await storedEvents(event.id)).toHaveLength(1);
    });

    it('still refuses a bad signature with 400', async () => {
      const { event } = await paidIntentEvent();
      expect(
        (await stripe.deliver(`${gatewayBase}/api/stripe/webhook`, event, { secret: 'whsec_not_ours' })).status,
      ).toBe(400);
      expect(RecordingOutcomes.calls).toEqual([]);
    });
  });
});
