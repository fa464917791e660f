import { PAYOUT_MESSAGES, taxYearOf, type HunterEarnings, type PayoutAccount } from '@hunted/contracts';
import { setClockOffset } from '@hunted/platform';
import { testIdentityHeaders, waitFor, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HunterSuspension } from '../src/bookings/hunter-suspension.js';
import { FakeStripe } from './fake-stripe/fake-stripe.js';
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

/**
 * Payouts in stripe mode, through the real SDK against the fake Stripe: Express accounts and their onboarding
 * links, Connect's signed `account.updated` and `payout.*` events, destination charges with the platform's fee
 * (`PLATFORM_COMMISSION_BPS=1000`: £2.00 + 10%), refunds that reverse the transfer and refund the fee, earnings
 * and their CSV.
 */
const SCHEMA = 'bookings_payouts_stripe_it';
const HUNTER_ID = 31;
const HUNTER_USER = 'u-hunter-31';
const PENDING_HUNTER_ID = 32;
const PENDING_USER = 'u-hunter-32';
const HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

describe('payouts in stripe mode: Connect accounts, destination charges, refunds and earnings', () => {
  let stripe: FakeStripe;
  let app: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let running: RunningBookings;
  let accountId: string;

  const call = alternatingClient(() => [app.base]);
  const connectUrl = () => `${app.base}/api/stripe/connect-webhook`;
  const platformUrl = () => `${app.base}/api/stripe/webhook`;

  const account = async (userId: string) =>
    (await call(userId, 'GET', '/api/hunter-payouts/account')).body as unknown as PayoutAccount;
  const hold = (userId: string, date: string, time: string, sessionType = 'whatsappVideo') =>
    call(userId, 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, date, time, { sessionType }));
  const intentOf = (created: { body: Record<string, unknown> }) =>
    (created.body.clientSecret as string).split('_secret_')[0]!;

  /** Holds, pays at the fake Stripe and delivers `payment_intent.succeeded`: a confirmed booking. */
  async function paidBooking(
    client: string,
    date: string,
    time: string,
  ): Promise<{ bookingId: string; intentId: string }> {
    const created = await hold(client, date, time);
    expect(created.status).toBe(200);
    const intentId = intentOf(created);
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const delivered = await stripe.deliver(platformUrl(), stripe.eventFor('payment_intent.succeeded', intentId));
    expect(delivered.status).toBe(200);
    const bookingId = created.body.bookingId as string;
    const page = await call(client, 'POST', '/api/bookings', paymentBody(HUNTER_ID, bookingId, intentId));
    expect(page.status).toBe(201);
    return { bookingId, intentId };
  }

  const outboxCount = async (type: string, hunterId: number) =>
    (
      await db.query<{ count: number }>(
        `select count(*)::int as count from ${SCHEMA}.outbox where type = $1 and (data->>'hunterId')::int = $2`,
        [type, hunterId],
      )
    ).rows[0]!.count;

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    running = await startBookings(SCHEMA, {
      env: {
        ...stripe.env(),
        HOLD_SWEEP_MS: '3600000',
        PLATFORM_COMMISSION_BPS: '1000',
        PUBLIC_URL: 'https://hunted.test',
      },
    });
    app = running.apps[0]!;
    db = running.db;
    await seedHunter(db, SCHEMA, {
      id: HUNTER_ID,
      userId: HUNTER_USER,
      name: 'Maya',
      sessionTypes: WITH_FREE_QUESTION,
      hours: HOURS,
      payoutAccount: false,
    });
    await seedHunter(db, SCHEMA, {
      id: PENDING_HUNTER_ID,
      userId: PENDING_USER,
      hours: HOURS,
      status: 'pending',
      payoutAccount: false,
    });
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await stripe?.stop();
  });

  it('answers only the caller their own account: 401 for a guest, 404 without a hunter profile, 409 before approval', async () => {
    expect((await call(null, 'GET', '/api/hunter-payouts/account')).status).toBe(401);
    expect(await call('u-nobody', 'GET', '/api/hunter-payouts/account')).toMatchObject({
      status: 404,
      body: { message: PAYOUT_MESSAGES.noHunterProfile },
    });
    expect(await call('u-nobody', 'POST', '/api/hunter-payouts/onboarding')).toMatchObject({ status: 404 });
    expect(await call('u-nobody', 'POST', '/api/hunter-payouts/login-link')).toMatchObject({ status: 404 });
    expect(await call(PENDING_USER, 'POST', '/api/hunter-payouts/onboarding')).toMatchObject({
      status: 409,
      body: { message: PAYOUT_MESSAGES.notApproved },
    });
    expect(await account(HUNTER_USER)).toMatchObject({ mode: 'stripe', connected: false, accountId: null });
    // simulated mode's step does not exist in stripe mode
    expect((await call(HUNTER_USER, 'POST', '/api/hunter-payouts/simulated/enable')).status).toBe(404);
    expect(stripe.accounts.size).toBe(0);
  });

  it('onboarding twice (even at once) gives the same Express account; each call a fresh Account Link', async () => {
    const [first, second] = await Promise.all([
      call(HUNTER_USER, 'POST', '/api/hunter-payouts/onboarding'),
      call(HUNTER_USER, 'POST', '/api/hunter-payouts/onboarding'),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(stripe.accounts.size).toBe(1);
    const [created] = [...stripe.accounts.values()];
    accountId = created!.id;
    expect(created).toMatchObject({ type: 'express', country: 'GB', metadata: { hunterId: String(HUNTER_ID) } });
    const creation = stripe.requests.find((request) => request.path === '/v1/accounts')!;
    expect(creation.idempotencyKey).toBe(`hunter:${HUNTER_ID}:payout-account`);
    expect(creation.params).toMatchObject({
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
      email: `${HUNTER_USER}@hunted.test`,
    });
    const third = await call(HUNTER_USER, 'POST', '/api/hunter-payouts/onboarding');
    expect(stripe.accounts.size).toBe(1);
    const urls = [first, second, third].map((answer) => answer.body.url as string);
    expect(new Set(urls).size).toBe(3);
    expect(urls[0]).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${accountId}/`));
    expect(stripe.accountLinks.at(-1)).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: 'https://hunted.test/hunter-dashboard?tab=earnings&payouts=refresh',
      return_url: 'https://hunted.test/hunter-dashboard?tab=earnings&payouts=return',
    });
    expect(await account(HUNTER_USER)).toMatchObject({
      connected: true,
      accountId,
      chargesEnabled: false,
      payoutsEnabled: false,
      requirementsDue: expect.arrayContaining(['external_account']) as unknown,
    });
    const rows = await db.query(`select * from ${SCHEMA}.hunter_payout_accounts where hunter_id = $1`, [HUNTER_ID]);
    expect(rows.rowCount).toBe(1);
  });

  it('a refresh after the link expired (a POST from the dashboard) answers a new link for the same account', async () => {
    const before = stripe.accountLinks.length;
    const refreshed = await call(HUNTER_USER, 'POST', '/api/hunter-payouts/refresh');
    expect(refreshed).toMatchObject({ status: 200, body: { url: stripe.accountLinks.at(-1)!.url } });
    expect(stripe.accountLinks.length).toBe(before + 1);
    expect(stripe.accounts.size).toBe(1);
    // a GET (a link, an image on another site) makes no Stripe write: there is no such route
    expect((await call(HUNTER_USER, 'GET', '/api/hunter-payouts/refresh')).status).toBe(404);
    expect(stripe.accountLinks.length).toBe(before + 1);
  });

  it("the account's state read from Stripe is cached per account for PAYOUT_ACCOUNT_CACHE_SECONDS (test clock); account.updated refreshes it", async () => {
    await seedHunter(db, SCHEMA, { id: 36, userId: 'u-hunter-36', hours: HOURS, payoutAccount: false });
    expect((await call('u-hunter-36', 'POST', '/api/hunter-payouts/onboarding')).status).toBe(200);
    const reads = (id: string) =>
      stripe.requests.filter((request) => request.method === 'GET' && request.path === `/v1/accounts/${id}`).length;
    try {
      const id = (await account('u-hunter-36')).accountId!;
      expect(reads(id)).toBe(1);
      stripe.updateAccount(id, { details_submitted: true, currently_due: ['external_account'] });
      // within 30 s: the cached state, no call to Stripe
      setClockOffset(29_000);
      expect(await account('u-hunter-36')).toMatchObject({ detailsSubmitted: false });
      expect(reads(id)).toBe(1);
      // past it: Stripe is asked again, once
      setClockOffset(31_000);
      expect(await account('u-hunter-36')).toMatchObject({ detailsSubmitted: true, requirementsDue: ['external_account'] });
      expect(await account('u-hunter-36')).toMatchObject({ detailsSubmitted: true });
      expect(reads(id)).toBe(2);
      // Connect's event replaces the cached state at once (and counts as fresh): no read of Stripe for it
      const enabled = stripe.updateAccount(id, {
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: false,
        currently_due: ['individual.dob.day'],
      });
      expect((await stripe.deliverConnect(connectUrl(), enabled)).status).toBe(200);
      expect(await account('u-hunter-36')).toMatchObject({
        chargesEnabled: true,
        requirementsDue: ['individual.dob.day'],
      });
      expect(reads(id)).toBe(2);
      // sent to Stripe's onboarding again: the next read asks, whatever the cache's age
      expect((await call('u-hunter-36', 'POST', '/api/hunter-payouts/refresh')).status).toBe(200);
      await account('u-hunter-36');
      expect(reads(id)).toBe(3);
    } finally {
      setClockOffset(0);
    }
  });

  it("back from onboarding before Connect's event, the account is read from Stripe; an older event changes nothing", async () => {
    await seedHunter(db, SCHEMA, { id: 35, userId: 'u-hunter-35', hours: HOURS, payoutAccount: false });
    expect((await call('u-hunter-35', 'POST', '/api/hunter-payouts/onboarding')).status).toBe(200);
    const other = (await account('u-hunter-35')).accountId!;
    // the hunter comes back from Stripe's pages later than the cache lasts
    setClockOffset(31_000);
    const stale = stripe.updateAccount(other, { details_submitted: true }, Math.floor(Date.now() / 1000) - 60);
    stripe.updateAccount(other, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      currently_due: [],
    });
    // no event delivered: the return_url's dashboard reads the account
    expect(await account('u-hunter-35')).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsDue: [],
    });
    expect(await outboxCount('bookings.payout-account.updated', 35)).toBe(1);
    expect((await stripe.deliverConnect(connectUrl(), stale)).status).toBe(200);
    expect(await account('u-hunter-35')).toMatchObject({ chargesEnabled: true, payoutsEnabled: true });
    expect(
      [...stripe.accounts.values()].filter((created) => (created.metadata as { hunterId: string }).hunterId === '35'),
    ).toHaveLength(1);
    setClockOffset(0);
  });

  it('refuses a paid hold before payouts are enabled; a free type stays bookable', async () => {
    expect(await hold('u-client-a', dayAhead(5), '09:00')).toMatchObject({
      status: 409,
      body: { message: PAYOUT_MESSAGES.notTakingPaid },
    });
    const free = await call('u-client-a', 'POST', '/api/bookings', {
      hunterId: HUNTER_ID,
      sessionType: 'askQuestion',
      notes: 'Which vintage denim is worth it?',
      sessionDate: dayAhead(5),
      sessionTime: '16:00',
      duration: 30,
      price: 0,
      stripePaymentIntentId: null,
      expressRequest: true,
    });
    expect(free).toMatchObject({ status: 201, body: { status: 'confirmed' } });
  });

  it('account.updated replayed and out of order leaves the newest state; an unknown account is stored and ignored', async () => {
    const now = Math.floor(Date.now() / 1000);
    const older = stripe.updateAccount(
      accountId,
      { details_submitted: true, currently_due: ['external_account'] },
      now + 5,
    );
    const newer = stripe.updateAccount(
      accountId,
      {
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        currently_due: [],
        disabled_reason: null,
      },
      now + 10,
    );
    expect((await stripe.deliverConnect(connectUrl(), newer)).status).toBe(200);
    const late = await stripe.deliverConnect(connectUrl(), older);
    expect(late.status).toBe(200);
    const replay = await stripe.deliverConnect(connectUrl(), newer);
    expect(JSON.parse(replay.body)).toEqual({ received: true, outcome: 'replayed' });
    expect(await account(HUNTER_USER)).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsDue: [],
      disabledReason: null,
    });
    // the flags changed once (off → on): one event for hunters' `takesPaidBookings`
    expect(await outboxCount('bookings.payout-account.updated', HUNTER_ID)).toBe(1);

    const stranger = stripe.updateAccount('acct_not_a_hunter', { charges_enabled: true });
    const ignored = await stripe.deliverConnect(connectUrl(), stranger);
    expect(ignored).toMatchObject({ status: 200 });
    const stored = await db.query(`select id from ${SCHEMA}.stripe_events where id = $1`, [stranger.id]);
    expect(stored.rowCount).toBe(1);
    const rows = await db.query(
      `select 1 from ${SCHEMA}.hunter_payout_accounts where account_id = 'acct_not_a_hunter'`,
    );
    expect(rows.rowCount).toBe(0);

    // signed with the platform endpoint's secret, not the Connect one: refused
    const forged = await stripe.deliver(connectUrl(), stripe.updateAccount(accountId, { payouts_enabled: false }));
    expect(forged.status).toBe(400);
    expect((await account(HUNTER_USER)).payoutsEnabled).toBe(true);
  });

  it('a paid hold is now a destination charge: the hunter account, £2.00 + 10% fee; the cancellation refund reverses both', async () => {
    const { bookingId, intentId } = await paidBooking('u-client-a', dayAhead(6), '10:00');
    const intent = stripe.intents.get(intentId)!;
    expect(intent).toMatchObject({
      amount: 8000,
      transfer_data: { destination: accountId },
      application_fee_amount: 1000,
    });
    const row = (
      await db.query(
        `select platform_fee_pence, destination_account_id, status from ${SCHEMA}.hunter_bookings where id = $1`,
        [bookingId],
      )
    ).rows[0];
    expect(row).toEqual({ platform_fee_pence: 1000, destination_account_id: accountId, status: 'confirmed' });
    const charge = stripe.charges.get(intent.latest_charge as string)!;
    const fee = stripe.applicationFees.get(charge.application_fee as string)!;
    expect(fee).toMatchObject({ amount: 1000, account: accountId });
    expect(stripe.transfers.get(charge.transfer as string)).toMatchObject({ amount: 8000, destination: accountId });

    const cancelled = await call('u-client-a', 'POST', `/api/bookings/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    const refundRequest = stripe.requests.filter((request) => request.path === '/v1/refunds').at(-1)!;
    expect(refundRequest.params).toMatchObject({
      payment_intent: intentId,
      amount: '8000',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
    });
    expect(fee).toMatchObject({ amount_refunded: 1000, refunded: true });
    expect(stripe.transfers.get(charge.transfer as string)).toMatchObject({ amount_reversed: 8000 });
    const cancelledEvent = await db.query<{ data: { cause: unknown } }>(
      `select data from ${SCHEMA}.outbox where type = 'bookings.booking.cancelled' and data->>'bookingId' = $1`,
      [bookingId],
    );
    expect(cancelledEvent.rows[0]!.data.cause).toBeNull();
  });

  it("earnings: gross, fee, refunds and net per booking; the account's payouts from Connect's events; the CSV", async () => {
    const kept = await paidBooking('u-client-b', dayAhead(7), '11:00');
    await db.query(
      `update ${SCHEMA}.users set first_name = '=HYPERLINK("http://evil")', last_name = 'Smith, Jr' where user_id = 'u-client-b'`,
    );
    const arrival = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const created = stripe.payout(
      accountId,
      { id: 'po_test_1', amount: 7000, status: 'pending', arrival_date: arrival },
      100,
    );
    const paid = stripe.payout(
      accountId,
      { id: 'po_test_1', amount: 7000, status: 'paid', arrival_date: arrival },
      200,
    );
    expect((await stripe.deliverConnect(connectUrl(), paid)).status).toBe(200);
    expect((await stripe.deliverConnect(connectUrl(), created)).status).toBe(200); // late: stays paid

    const taxYear = taxYearOf(dayAhead(7));
    const answer = await call(HUNTER_USER, 'GET', `/api/hunter-earnings?taxYear=${taxYear}`);
    expect(answer.status).toBe(200);
    const earnings = answer.body as unknown as HunterEarnings;
    expect(earnings.from).toBe(`${taxYear}-04-06`);
    expect(earnings.to).toBe(`${taxYear + 1}-04-05`);
    // the cancelled booking: £80 back to the client, the £10 fee refunded in full, nothing kept
    // the kept booking: £80 gross, £10 fee, £70 net
    expect(earnings.totals).toEqual({ grossPence: 16000, feePence: 1000, refundedPence: 8000, netPence: 7000 });
    expect(earnings.bookings.find((booking) => booking.bookingId === kept.bookingId)).toMatchObject({
      grossPence: 8000,
      feePence: 1000,
      refundedPence: 0,
      netPence: 7000,
      status: 'confirmed',
    });
    expect(earnings.bookings.find((booking) => booking.status === 'cancelled')).toMatchObject({
      grossPence: 8000,
      feePence: 0,
      refundedPence: 8000,
      netPence: 0,
    });
    expect(earnings.payouts).toEqual([
      {
        id: 'po_test_1',
        amountPence: 7000,
        currency: 'GBP',
        status: 'paid',
        arrivalDate: new Date(arrival * 1000).toISOString(),
        createdAt: expect.any(String) as unknown,
      },
    ]);

    const csv = await fetch(`${app.base}/api/hunter-earnings/export.csv?taxYear=${taxYear}`, {
      headers: await testIdentityHeaders(
        { id: HUNTER_USER, email: `${HUNTER_USER}@hunted.test`, firstName: 'Ann', lastName: 'H', isAdmin: false },
        'bookings',
      ),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="hunted-earnings-${taxYear}-${taxYear + 1}.csv"`,
    );
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,booking id,client,session type,currency,gross,fee,refunded,net');
    expect(lines).toContain(
      `${dayAhead(7)},${kept.bookingId},"'=HYPERLINK(""http://evil"") Smith, Jr",whatsappVideo,GBP,80.00,10.00,0.00,70.00`,
    );
    expect(lines.some((line) => line.endsWith(',80.00,0.00,80.00,0.00'))).toBe(true);

    // nobody else reads these earnings: another member has no hunter profile
    expect((await call('u-client-b', 'GET', `/api/hunter-earnings?taxYear=${taxYear}`)).status).toBe(404);
    expect((await call(HUNTER_USER, 'GET', '/api/hunter-earnings?taxYear=abc')).status).toBe(400);
  });

  it('a hold paid after its hunter was suspended is refunded as a late payment, its transfer reversed', async () => {
    await seedHunter(db, SCHEMA, { id: 33, userId: 'u-hunter-33', hours: HOURS });
    const created = await call('u-client-c', 'POST', '/api/create-payment-intent', holdBody(33, dayAhead(8), '12:00'));
    expect(created.status).toBe(200);
    const bookingId = created.body.bookingId as string;
    const intentId = intentOf(created);
    expect(stripe.intents.get(intentId)).toMatchObject({
      transfer_data: { destination: 'acct_fixture_33' },
      application_fee_amount: 1000,
    });
    await db.query(`update ${SCHEMA}.hunters set status = 'suspended' where id = 33`);
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect((await stripe.deliver(platformUrl(), stripe.eventFor('payment_intent.succeeded', intentId))).status).toBe(
      200,
    );
    const row = (
      await db.query(`select status, refund_reason, refund_pence from ${SCHEMA}.hunter_bookings where id = $1`, [
        bookingId,
      ])
    ).rows[0];
    expect(row).toEqual({ status: 'expired', refund_reason: 'late_payment', refund_pence: 8000 });
    const refund = stripe.requests.filter((request) => request.path === '/v1/refunds').at(-1)!;
    expect(refund.params).toMatchObject({
      payment_intent: intentId,
      reverse_transfer: 'true',
      refund_application_fee: 'true',
    });
  });

  it("a suspension refunds the hunter's upcoming booking at Stripe (transfer reversed, fee refunded) and cancels the hold's intent", async () => {
    await seedHunter(db, SCHEMA, { id: 34, userId: 'u-hunter-34', hours: HOURS });
    const paid = await call('u-client-d', 'POST', '/api/create-payment-intent', holdBody(34, dayAhead(9), '10:00'));
    const paidIntent = intentOf(paid);
    await stripe.client().paymentIntents.confirm(paidIntent, { payment_method: 'pm_card_visa' });
    expect((await stripe.deliver(platformUrl(), stripe.eventFor('payment_intent.succeeded', paidIntent))).status).toBe(
      200,
    );
    const held = await call('u-client-e', 'POST', '/api/create-payment-intent', holdBody(34, dayAhead(9), '13:00'));
    const heldIntent = intentOf(held);

    // what the `hunters.hunter.vetted` handler does in its inbox transaction
    await app.app.get(DataSource).transaction((manager) => app.app.get(HunterSuspension).hunterSuspended(manager, 34));

    await waitFor('the refund at Stripe', () =>
      [...stripe.refunds.values()].some((refund) => refund.payment_intent === paidIntent),
    );
    const refund = stripe.requests.find(
      (request) => request.path === '/v1/refunds' && request.params.payment_intent === paidIntent,
    )!;
    expect(refund.params).toMatchObject({ amount: '8000', reverse_transfer: 'true', refund_application_fee: 'true' });
    expect(refund.idempotencyKey).toBe(`booking:${paid.body.bookingId as string}:refund`);
    await waitFor('the hold intent cancelled', () => stripe.intents.get(heldIntent)?.status === 'canceled');
    const rows = await db.query<{ id: string; status: string; cancelled_by: string | null }>(
      `select id, status, cancelled_by from ${SCHEMA}.hunter_bookings where hunter_id = 34 order by starts_at`,
    );
    expect(rows.rows.map(({ status, cancelled_by }) => [status, cancelled_by])).toEqual([
      ['cancelled', 'system'],
      ['expired', null],
    ]);
  });

  it("gives a login link to the hunter's own Express dashboard", async () => {
    const link = await call(HUNTER_USER, 'POST', '/api/hunter-payouts/login-link');
    expect(link).toMatchObject({ status: 200 });
    expect(link.body.url).toBe(stripe.loginLinks.at(-1)!.url);
    const request = stripe.requests.find((candidate) => candidate.path.endsWith('/login_links'))!;
    expect(request.path).toBe(`/v1/accounts/${accountId}/login_links`);
  });
});
