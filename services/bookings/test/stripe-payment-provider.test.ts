import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createStripeClient } from '../src/payments/stripe-client.js';
import { StripePaymentProvider } from '../src/payments/stripe-payment-provider.js';
import { testServiceEnv } from '@hunted/platform/testing';
import { FakeStripe } from './fake-stripe/fake-stripe.js';

/**
 * StripePaymentProvider with the real `stripe` SDK, built from bookings' own configuration and pointed at the
 * fake Stripe: what it sends (gbp, amount, metadata, automatic payment methods, Idempotency-Key) and how it reads
 * Stripe's answers and errors.
 */
describe('StripePaymentProvider (real SDK, fake Stripe)', () => {
  let stripe: FakeStripe;
  let provider: StripePaymentProvider;

  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    provider = new StripePaymentProvider(
      createStripeClient(loadConfig(testServiceEnv('bookings_stripe_provider', stripe.env()))),
    );
  });

  afterAll(async () => {
    await stripe?.stop();
  });

  beforeEach(() => {
    stripe.requests.length = 0;
  });

  /** Pays an intent as the Payment Element would with a test card. */
  const pay = (intentId: string) =>
    stripe.client().paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });

  it('creates a gbp intent for the booking, with its id in metadata, automatic payment methods and our idempotency key', async () => {
    const bookingId = randomUUID();
    const intent = await provider.createIntent({
      bookingId,
      amountPence: 4500,
      currency: 'GBP',
      destinationAccountId: null,
      applicationFeePence: 0,
      idempotencyKey: `booking:${bookingId}:pi`,
    });

    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      amountPence: 4500,
      currency: 'gbp',
      status: 'requires_payment_method',
      bookingId,
    });
    expect(stripe.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/payment_intents',
        params: {
          amount: '4500',
          currency: 'gbp',
          metadata: { bookingId },
          automatic_payment_methods: { enabled: 'true' },
        },
        idempotencyKey: `booking:${bookingId}:pi`,
        authorization: `Bearer ${stripe.secretKey}`,
      },
    ]);
  });

  it('makes one intent for 20 concurrent creates with the same key, and answers each with it', async () => {
    const bookingId = randomUUID();
    const before = stripe.intents.size;
    const intents = await Promise.all(
      Array.from({ length: 20 }, () =>
        provider.createIntent({
          bookingId,
          amountPence: 3000,
          currency: 'GBP',
          destinationAccountId: null,
          applicationFeePence: 0,
          idempotencyKey: `booking:${bookingId}:pi`,
        }),
      ),
    );

    expect(stripe.intents.size).toBe(before + 1);
    expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
    expect(new Set(intents.map((intent) => intent.clientSecret)).size).toBe(1);
    expect(stripe.requests.filter((request) => request.path === '/v1/payment_intents')).toHaveLength(20);
  });

  it('refuses the same key with another amount (Stripe answers idempotency_error), rather than making a second intent', async () => {
    const bookingId = randomUUID();
    await provider.createIntent({
      bookingId,
      amountPence: 3000,
      currency: 'GBP',
      destinationAccountId: null,
      applicationFeePence: 0,
      idempotencyKey: `booking:${bookingId}:pi`,
    });
    const before = stripe.intents.size;

    await expect(
      provider.createIntent({
        bookingId,
        amountPence: 1,
        currency: 'GBP',
        destinationAccountId: null,
        applicationFeePence: 0,
        idempotencyKey: `booking:${bookingId}:pi`,
      }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
    expect(stripe.intents.size).toBe(before);
  });

  it('retrieves an intent as Stripe holds it now, and fails for one Stripe does not know', async () => {
    const bookingId = randomUUID();
    const created = await provider.createIntent({
      bookingId,
      amountPence: 2500,
      currency: 'GBP',
      destinationAccountId: null,
      applicationFeePence: 0,
      idempotencyKey: `booking:${bookingId}:pi`,
    });
    await pay(created.id);

    expect(await provider.retrieveIntent(created.id)).toEqual({ ...created, status: 'succeeded' });
    await expect(provider.retrieveIntent('pi_unknown')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
    });
  });

  it('cancels an unpaid intent, and answers one already cancelled, paid or processing as it is', async () => {
    const unpaid = await provider.createIntent({
      bookingId: randomUUID(),
      amountPence: 2500,
      currency: 'GBP',
      destinationAccountId: null,
      applicationFeePence: 0,
      idempotencyKey: randomUUID(),
    });
    expect((await provider.cancelIntent(unpaid.id, `booking:${unpaid.bookingId}:cancel`)).status).toBe('canceled');
    expect(stripe.intents.get(unpaid.id)?.status).toBe('canceled');
    // Cancelled again under another key (a sweep after the expiry job): Stripe refuses, the provider answers it as is.
    await expect(provider.cancelIntent(unpaid.id, randomUUID())).resolves.toMatchObject({ status: 'canceled' });

    const paid = await provider.createIntent({
      bookingId: randomUUID(),
      amountPence: 2500,
      currency: 'GBP',
      destinationAccountId: null,
      applicationFeePence: 0,
      idempotencyKey: randomUUID(),
    });
    await pay(paid.id);
    // Paid before the cancel: answered as succeeded, so the caller settles it rather than recording it cancelled.
    await expect(provider.cancelIntent(paid.id, randomUUID())).resolves.toMatchObject({
      id: paid.id,
      status: 'succeeded',
      amountPence: 2500,
    });
    expect(stripe.intents.get(paid.id)?.status).toBe('succeeded');

    const processing = await provider.createIntent({
      bookingId: randomUUID(),
      amountPence: 2500,
      currency: 'GBP',
      destinationAccountId: null,
      applicationFeePence: 0,
      idempotencyKey: randomUUID(),
    });
    stripe.intents.get(processing.id)!.status = 'processing';
    await expect(provider.cancelIntent(processing.id, randomUUID())).resolves.toMatchObject({ status: 'processing' });

    const cancels = stripe.requests.filter((request) => request.path.endsWith('/cancel'));
    expect(cancels.map((request) => request.idempotencyKey)).toContain(`booking:${unpaid.bookingId}:cancel`);
  });

  it('still fails to cancel an intent Stripe does not know', async () => {
    await expect(provider.cancelIntent('pi_unknown', randomUUID())).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('refunds a paid intent once per key, with the booking in metadata', async () => {
    const bookingId = randomUUID();
    const intent = await provider.createIntent({
      bookingId,
      amountPence: 6000,
      currency: 'GBP',
      destinationAccountId: null,
      applicationFeePence: 0,
      idempotencyKey: randomUUID(),
    });
    await pay(intent.id);
    const before = stripe.refunds.size;

    const refunds = await Promise.all(
      Array.from({ length: 3 }, () =>
        provider.refund({
          paymentIntentId: intent.id,
          amountPence: 6000,
          bookingId,
          reverseTransfer: false,
          idempotencyKey: `booking:${bookingId}:refund`,
        }),
      ),
    );

    expect(stripe.refunds.size).toBe(before + 1);
    expect(refunds[0]).toEqual({
      id: expect.stringMatching(/^re_/),
      status: 'succeeded',
      amountPence: 6000,
      failureReason: null,
      paymentIntentId: intent.id,
      bookingId,
    });
    expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1);
    expect(stripe.refunds.get(refunds[0]!.id)).toMatchObject({ payment_intent: intent.id, metadata: { bookingId } });
    expect(
      stripe.requests.filter((request) => request.path === '/v1/refunds').map((request) => request.idempotencyKey),
    ).toEqual(Array(3).fill(`booking:${bookingId}:refund`));
  });

  it('fails to refund an unpaid intent (Stripe has no charge to refund)', async () => {
    const intent = await provider.createIntent({
      bookingId: randomUUID(),
      amountPence: 6000,
      currency: 'GBP',
      destinationAccountId: null,
      applicationFeePence: 0,
      idempotencyKey: randomUUID(),
    });
    await expect(
      provider.refund({
        paymentIntentId: intent.id,
        amountPence: 6000,
        bookingId: intent.bookingId!,
        reverseTransfer: false,
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'charge_not_refundable' });
  });
});
