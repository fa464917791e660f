import { DEFAULT_SESSION_TYPES, type HunterEarnings, type PayoutAccount, type SessionTypes } from '@hunted/contracts';
import type { RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from './fake-stripe/fake-stripe.js';
import { alternatingClient } from './support/alternating-client.js';
import { dayAhead, holdBody, paymentBody, seedHunter, startBookings, type RunningBookings } from './support/bookings-fixture.js';

/**
 * Issue 38 (decision 0105) in stripe mode, through the real SDK against the fake Stripe: a Spanish hunter's Express
 * account is created in Spain, a €60 booking is charged in euros with the euro fee, refunded in euros, and the
 * earnings are in euros; the fake refuses what Stripe refuses (an unknown currency, a currency the destination cannot
 * settle, a country outside cross-border payouts).
 */
const SCHEMA = 'bookings_currencies_it';
const LUCIA = { id: 21, userId: 'u-lucia' };
const GREEK = { id: 22, userId: 'u-eleni' };
const HOURS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
const SIXTY_EUROS: SessionTypes = { ...DEFAULT_SESSION_TYPES, whatsappVideo: { enabled: true, price: 60, duration: 60 } };

describe('bookings in the hunter’s currency, paid out in the hunter’s country', () => {
  let stripe: FakeStripe;
  let app: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let running: RunningBookings;
  const call = alternatingClient(() => [app.base]);

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    // Greece left out of the countries offered, to see 'Get paid' say so; the euro fee's fixed part set to €2.50.
    running = await startBookings(SCHEMA, {
      env: {
        ...stripe.env(),
        HOLD_SWEEP_MS: '3600000',
        PLATFORM_FEE_FIXED_MINOR: '{"EUR":250}',
        PLATFORM_COMMISSION_BPS: '1000',
        PAYOUT_COUNTRIES: 'GB,ES,FR,IT,SE,DK',
      },
    });
    app = running.apps[0] as typeof app;
    db = running.db;
    const spanish = { ...LUCIA, name: 'Lucía', hours: HOURS, sessionTypes: SIXTY_EUROS, location: 'Spain', currency: 'EUR', payoutAccount: false };
    await seedHunter(db, SCHEMA, spanish);
    await seedHunter(db, SCHEMA, { ...GREEK, name: 'Eleni', hours: HOURS, location: 'Greece', currency: 'EUR', payoutAccount: false });
  }, 60_000);

  afterAll(async () => {
    await running?.close();
    await stripe?.stop();
  });

  it('creates the Express account in the hunter’s country, and says where payouts are not available', async () => {
    const before = (await call(LUCIA.userId, 'GET', '/api/hunter-payouts/account')).body as unknown as PayoutAccount;
    expect(before).toMatchObject({ connected: false, country: 'ES', countryName: 'Spain', payoutsAvailable: true });
    expect((await call(LUCIA.userId, 'POST', '/api/hunter-payouts/onboarding')).status).toBe(200);
    const [created] = [...stripe.accounts.values()].filter((account) => (account.metadata as { hunterId: string }).hunterId === '21');
    expect(created).toMatchObject({ type: 'express', country: 'ES' });
    stripe.updateAccount(created!.id as string, { details_submitted: true, charges_enabled: true, payouts_enabled: true, currently_due: [] });
    await db.query(
      `update ${SCHEMA}.hunter_payout_accounts set charges_enabled = true, payouts_enabled = true, details_submitted = true where hunter_id = $1`,
      [LUCIA.id],
    );
    expect((await call(LUCIA.userId, 'GET', '/api/hunter-payouts/account')).body).toMatchObject({ country: 'ES' });

    expect((await call(GREEK.userId, 'GET', '/api/hunter-payouts/account')).body).toMatchObject({ country: null, countryName: 'Greece', payoutsAvailable: false });
    const refused = await call(GREEK.userId, 'POST', '/api/hunter-payouts/onboarding');
    expect(refused).toMatchObject({ status: 409, body: { message: 'Payouts are not yet available in Greece' } });
  });

  it('charges €60 in euros with the euro fee, refunds in euros, and counts the earnings in euros', async () => {
    const created = await call('u-client', 'POST', '/api/create-payment-intent', holdBody(LUCIA.id, dayAhead(20), '10:00'));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ amount: 6000, currency: 'EUR' });
    const intentId = (created.body.clientSecret as string).split('_secret_')[0]!;
    // €2.50 fixed + 10% of €60.
    expect(stripe.intents.get(intentId)).toMatchObject({ amount: 6000, currency: 'eur', application_fee_amount: 850 });
    await stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const bookingId = created.body.bookingId as string;
    const booked = await call('u-client', 'POST', '/api/bookings', paymentBody(LUCIA.id, bookingId, intentId));
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ status: 'confirmed', price: 6000, currency: 'EUR' });
    const mine = await call('u-client', 'GET', '/api/my-bookings');
    expect((mine.body as unknown as { id: string; currency: string }[]).find((b) => b.id === bookingId)?.currency).toBe('EUR');
    const { rows } = await db.query<{ data: { currency: string } }>(
      `select data from ${SCHEMA}.outbox where type = 'bookings.booking.confirmed' and data->>'bookingId' = $1`,
      [bookingId],
    );
    expect(rows[0]!.data.currency).toBe('EUR');

    const earnings = (await call(LUCIA.userId, 'GET', '/api/hunter-earnings')).body as unknown as HunterEarnings;
    expect(earnings.currency).toBe('EUR');
    expect(earnings.totals).toEqual({ grossPence: 6000, feePence: 850, refundedPence: 0, netPence: 5150 });
    expect(earnings.totalsByCurrency).toEqual([{ currency: 'EUR', grossPence: 6000, feePence: 850, refundedPence: 0, netPence: 5150 }]);
    expect(earnings.bookings[0]).toMatchObject({ bookingId, currency: 'EUR' });
    expect((await call('u-client', 'POST', `/api/bookings/${bookingId}/cancel`)).status).toBe(200);
    const refunds = [...stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId);
    expect(refunds.map((refund) => [refund.amount, refund.currency])).toEqual([[6000, 'eur']]);
  });

  it('refuses what Stripe refuses: an unknown currency, one the destination cannot settle, a country it does not reach', async () => {
    const client = stripe.client();
    await expect(client.paymentIntents.create({ amount: 1000, currency: 'xyz' })).rejects.toMatchObject({ param: 'currency' });
    await expect(client.paymentIntents.create({ amount: 20, currency: 'eur' })).rejects.toMatchObject({ code: 'amount_too_small' });
    const [spanish] = [...stripe.accounts.values()].filter((account) => account.country === 'ES');
    await expect(
      client.paymentIntents.create({ amount: 10000, currency: 'sek', transfer_data: { destination: spanish!.id as string } }),
    ).rejects.toMatchObject({ param: 'currency' });
    await expect(client.accounts.create({ type: 'express', country: 'US' })).rejects.toMatchObject({ param: 'country' });
  });
});
