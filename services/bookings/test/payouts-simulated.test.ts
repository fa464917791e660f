import {
  DEFAULT_SESSION_TYPES,
  HUNTER_MESSAGES,
  PAYOUT_MESSAGES,
  taxYearOf,
  VETTING_MESSAGES,
  type HunterCreatedV1,
  type HunterEarnings,
} from '@hunted/contracts';
import {
  startServiceApp,
  startTestPublisher,
  TEST_DATABASE_URL,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
  type TestPublisher,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingsApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { alternatingClient } from './support/alternating-client.js';
import { dayAhead, holdBody, paymentBody, seedHunter } from './support/bookings-fixture.js';

/**
 * Simulated mode (no Stripe keys): the simulated payout account enabled on a click, a demo hunter's account made
 * when its copy arrives, the fee stored, simulated payouts; the hunter's vetting status from hunters' events; and a
 * suspension (`hunters.hunter.vetted`) cancelling and refunding the hunter's upcoming bookings and ending holds.
 */
const SCHEMA = 'bookings_payouts_sim_it';
const HUNTERS_SCHEMA = 'bookings_payouts_sim_hunters_it';
const HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

const hunterEvent = (hunterId: number, userId: string | null, status: HunterCreatedV1['status']): HunterCreatedV1 => ({
  hunterId,
  userId,
  name: `Hunter ${hunterId}`,
  profileImageUrl: null,
  location: 'UK',
  availabilityStatus: 'Available',
  sessionTypes: DEFAULT_SESSION_TYPES,
  pricePerSession: 80,
  currency: 'GBP',
  status,
});

describe('payouts in simulated mode, vetting status and suspension', () => {
  let bookings: RunningServiceApp<NestFastifyApplication>;
  let hunters: TestPublisher;
  let db: pg.Client;

  const call = alternatingClient(() => [bookings.base]);
  const hold = (userId: string, hunterId: number, date: string, time: string) =>
    call(userId, 'POST', '/api/create-payment-intent', holdBody(hunterId, date, time));
  const pay = (userId: string, hunterId: number, bookingId: string) =>
    call(userId, 'POST', '/api/bookings', paymentBody(hunterId, bookingId));
  const accountRow = async (hunterId: number) =>
    (
      await db.query<{
        account_id: string;
        user_id: string | null;
        charges_enabled: boolean;
        payouts_enabled: boolean;
      }>(
        `select account_id, user_id, charges_enabled, payouts_enabled from ${SCHEMA}.hunter_payout_accounts where hunter_id = $1`,
        [hunterId],
      )
    ).rows[0];
  const bookingRow = async (bookingId: string) =>
    (
      await db.query<{
        status: string;
        cancelled_by: string | null;
        refund_pence: number;
        refunded_at: Date | null;
        payment_status: string | null;
        platform_fee_pence: number;
        destination_account_id: string | null;
      }>(
        `select status, cancelled_by, refund_pence, refunded_at, payment_status, platform_fee_pence, destination_account_id
         from ${SCHEMA}.hunter_bookings where id = $1`,
        [bookingId],
      )
    ).rows[0]!;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    await db.query(`drop schema if exists ${HUNTERS_SCHEMA} cascade`);
    const config = loadConfig(testServiceEnv(SCHEMA));
    bookings = await startServiceApp(createBookingsApp, config);
    hunters = await startTestPublisher('hunters', { schema: HUNTERS_SCHEMA, redisPrefix: config.REDIS_PREFIX });
  }, 60_000);

  afterAll(async () => {
    await hunters?.close();
    await bookings?.close();
    await db?.query(`drop schema if exists ${HUNTERS_SCHEMA} cascade`);
    await db?.end();
  });

  it("keeps each hunter's status from hunters' events: only an approved hunter has slots (else 404) and takes holds (else 409)", async () => {
    await hunters.publish('hunters.hunter.created', hunterEvent(41, 'u-41', 'pending'));
    await hunters.publish('hunters.availability.changed', {
      hunterId: 41,
      weeklyHours: Object.fromEntries(
        ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, HOURS]),
      ) as never,
      dates: [],
    });
    await waitFor('the pending hunter copy', async () => {
      const rows = await db.query(`select 1 from ${SCHEMA}.hunter_weekly_hours where hunter_id = 41`);
      return rows.rowCount === 1;
    });
    const slots = (hunterId: number) =>
      fetch(
        `${bookings.base}/api/hunters/${hunterId}/slots?from=${dayAhead(3)}&to=${dayAhead(3)}&sessionType=whatsappVideo`,
      );
    const hidden = await slots(41);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { message: string }).message).toBe(HUNTER_MESSAGES.notFound);
    expect(await hold('u-client', 41, dayAhead(3), '10:00')).toMatchObject({
      status: 409,
      body: { message: VETTING_MESSAGES.notApproved },
    });

    await hunters.publish('hunters.hunter.updated', hunterEvent(41, 'u-41', 'approved'));
    await waitFor('the approval', async () => (await slots(41)).status === 200);
    // approved, but no payout account yet: its paid types are not bookable
    expect(await hold('u-client', 41, dayAhead(3), '10:00')).toMatchObject({
      status: 409,
      body: { message: PAYOUT_MESSAGES.notTakingPaid },
    });
    expect(await accountRow(41)).toBeUndefined(); // a member's hunter gets no account by itself
  });

  it('gives an unclaimed demo hunter an enabled simulated account when its copy arrives, so it stays bookable', async () => {
    await hunters.publish('hunters.hunter.created', hunterEvent(42, null, 'approved'));
    await waitFor('the demo account', async () => (await accountRow(42)) !== undefined);
    expect(await accountRow(42)).toEqual({
      account_id: 'sim_acct_42',
      user_id: null,
      charges_enabled: true,
      payouts_enabled: true,
    });
    const published = await db.query<{ data: unknown }>(
      `select data from ${SCHEMA}.outbox where type = 'bookings.payout-account.updated' and (data->>'hunterId')::int = 42`,
    );
    expect(published.rows.map((row) => row.data)).toEqual([
      { hunterId: 42, hunterUserId: null, chargesEnabled: true, payoutsEnabled: true },
    ]);
    // a second event about it changes nothing
    await hunters.publish('hunters.hunter.updated', { ...hunterEvent(42, null, 'approved'), name: 'Renamed' });
    await waitFor('the rename', async () => {
      const rows = await db.query<{ name: string }>(`select name from ${SCHEMA}.hunters where id = 42`);
      return rows.rows[0]?.name === 'Renamed';
    });
    const again = await db.query(
      `select 1 from ${SCHEMA}.outbox where type = 'bookings.payout-account.updated' and (data->>'hunterId')::int = 42`,
    );
    expect(again.rowCount).toBe(1);
  });

  it('onboards on a click: the simulated account, enabled by the dashboard; then a paid booking with the £2.00 fee, its net and payout', async () => {
    await seedHunter(db, SCHEMA, { id: 43, userId: 'u-43', hours: HOURS, payoutAccount: false });
    expect((await call('u-43', 'GET', '/api/hunter-payouts/account')).body).toMatchObject({
      mode: 'simulated',
      connected: false,
    });
    const onboarding = await call('u-43', 'POST', '/api/hunter-payouts/onboarding');
    expect(onboarding).toEqual({
      status: 200,
      body: { url: '/hunter-dashboard?tab=earnings&payouts=simulated', expiresAt: null },
    });
    expect(await accountRow(43)).toMatchObject({
      account_id: 'sim_acct_43',
      charges_enabled: false,
      payouts_enabled: false,
    });
    expect(await hold('u-client-43', 43, dayAhead(4), '10:00')).toMatchObject({ status: 409 });
    expect(await call('u-43', 'POST', '/api/hunter-payouts/login-link')).toMatchObject({ status: 409 });
    // Stripe's refresh (a POST from the dashboard) answers the simulated step too; the old GET is gone
    expect(await call('u-43', 'POST', '/api/hunter-payouts/refresh')).toEqual({
      status: 200,
      body: { url: '/hunter-dashboard?tab=earnings&payouts=simulated', expiresAt: null },
    });
    expect((await call('u-43', 'GET', '/api/hunter-payouts/refresh')).status).toBe(404);

    // another member cannot enable it (they reach only their own hunter profile: none)
    expect((await call('u-someone', 'POST', '/api/hunter-payouts/simulated/enable')).status).toBe(404);
    const enabled = await call('u-43', 'POST', '/api/hunter-payouts/simulated/enable');
    expect(enabled).toMatchObject({
      status: 200,
      body: {
        mode: 'simulated',
        connected: true,
        accountId: 'sim_acct_43',
        chargesEnabled: true,
        payoutsEnabled: true,
      },
    });
    const published = await db.query<{ data: unknown }>(
      `select data from ${SCHEMA}.outbox where type = 'bookings.payout-account.updated' and (data->>'hunterId')::int = 43`,
    );
    expect(published.rows.map((row) => row.data)).toEqual([
      { hunterId: 43, hunterUserId: 'u-43', chargesEnabled: true, payoutsEnabled: true },
    ]);

    const created = await hold('u-client-43', 43, dayAhead(4), '10:00');
    expect(created.status).toBe(200);
    const bookingId = created.body.bookingId as string;
    expect((await pay('u-client-43', 43, bookingId)).status).toBe(201);
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'confirmed',
      platform_fee_pence: 200,
      destination_account_id: 'sim_acct_43',
    });

    const taxYear = taxYearOf(dayAhead(4));
    const earnings = (await call('u-43', 'GET', `/api/hunter-earnings?taxYear=${taxYear}`))
      .body as unknown as HunterEarnings;
    expect(earnings.totals).toEqual({ grossPence: 8000, feePence: 200, refundedPence: 0, netPence: 7800 });
    expect(earnings.payouts).toEqual([
      expect.objectContaining({ id: `sim_po_${bookingId}`, amountPence: 7800, status: 'pending' }),
    ]);
    // without ?taxYear: the current one (the booking is days ahead, in it unless 6 April falls between)
    expect((await call('u-43', 'GET', '/api/hunter-earnings')).status).toBe(200);
  });

  it('a suspension cancels the upcoming bookings with full refunds (cause hunter_suspended) and ends the holds', async () => {
    await seedHunter(db, SCHEMA, { id: 44, userId: 'u-44', hours: HOURS });
    await db.query(
      `update ${SCHEMA}.hunter_payout_accounts set account_id = 'sim_acct_44', mode = 'simulated' where hunter_id = 44`,
    );
    const first = await hold('u-client-44', 44, dayAhead(5), '10:00');
    expect((await pay('u-client-44', 44, first.body.bookingId as string)).status).toBe(201);
    const free = await call('u-client-44', 'POST', '/api/bookings', {
      hunterId: 44,
      sessionType: 'whatsappVideo',
      sessionDate: dayAhead(6),
      sessionTime: '11:00',
      duration: 60,
      price: 8000,
      stripePaymentIntentId: null,
      expressRequest: true,
    });
    expect(free.status).toBe(400); // a paid type needs a payment: only the paid booking and a hold below
    const held = await hold('u-other-44', 44, dayAhead(6), '12:00');
    expect(held.status).toBe(200);
    const bookingId = first.body.bookingId as string;
    const holdId = held.body.bookingId as string;

    await hunters.publish('hunters.hunter.vetted', {
      hunterId: 44,
      userId: 'u-44',
      name: 'Sofia',
      decision: 'suspend',
      revisionId: null,
      fromStatus: 'approved',
      status: 'suspended',
      reason: 'Complaints from clients',
      decidedBy: 'u-admin',
      decidedAt: new Date().toISOString(),
    });
    await waitFor(
      'the refund of the cancelled booking',
      async () => (await bookingRow(bookingId)).refunded_at !== null,
    );
    expect(await bookingRow(bookingId)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      refund_pence: 8000,
    });
    const cancelled = await db.query<{ data: Record<string, unknown> }>(
      `select data from ${SCHEMA}.outbox where type = 'bookings.booking.cancelled' and data->>'bookingId' = $1`,
      [bookingId],
    );
    expect(cancelled.rows[0]!.data).toMatchObject({
      cancelledBy: 'system',
      refundPence: 8000,
      cause: 'hunter_suspended',
    });
    const refunded = await db.query(
      `select 1 from ${SCHEMA}.outbox where type = 'bookings.booking.refunded' and data->>'bookingId' = $1`,
      [bookingId],
    );
    expect(refunded.rowCount).toBe(1);
    await waitFor('the hold ended and its payment cancelled', async () => {
      const row = await bookingRow(holdId);
      return row.status === 'expired' && row.payment_status === 'canceled';
    });
    // the held client cannot pay for it any more
    expect((await pay('u-other-44', 44, holdId)).status).toBeGreaterThanOrEqual(400);
  });
});
