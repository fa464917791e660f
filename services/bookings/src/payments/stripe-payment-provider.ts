import type { Currency } from '@hunted/contracts';
import Stripe from 'stripe';
import {
  PaymentProvider,
  type PaymentIntentSnapshot,
  type PaymentIntentStatus,
  type PaymentMode,
  type RefundReport,
  type RefundSnapshot,
} from './payment-provider.js';

const INTENT_STATUSES: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
];
const REFUND_STATUSES: readonly RefundSnapshot['status'][] = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
];

/** What bookings reads of a PaymentIntent, from the API object or a webhook event's `data.object`. */
export function intentSnapshotOf(intent: Stripe.PaymentIntent): PaymentIntentSnapshot {
  if (!INTENT_STATUSES.includes(intent.status as PaymentIntentStatus)) {
    throw new Error(
      `Stripe answered PaymentIntent ${intent.id} with a status bookings does not know: ${intent.status}`,
    );
  }
  return {
    id: intent.id,
    // Stripe leaves it out only when the intent is fetched with a publishable key; ours are fetched with the secret.
    clientSecret: intent.client_secret ?? '',
    amountPence: intent.amount,
    currency: intent.currency,
    status: intent.status as PaymentIntentStatus,
    bookingId: intent.metadata?.bookingId ?? null,
  };
}

/** What bookings reads of a Refund, from the API object or a `refund.*` event's `data.object`. */
export function refundReportOf(refund: Stripe.Refund): RefundReport | null {
  const paymentIntentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
  if (!paymentIntentId) return null;
  // A card refund is created `pending` or `succeeded`; Stripe documents null only for objects it is still building.
  const status = REFUND_STATUSES.find((known) => known === refund.status) ?? 'pending';
  return {
    id: refund.id,
    status,
    amountPence: refund.amount,
    failureReason: refund.failure_reason ?? null,
    paymentIntentId,
    bookingId: refund.metadata?.bookingId ?? null,
  };
}

/**
 * Payments through Stripe (stripe mode). Every write carries the caller's idempotency key as Stripe's
 * `Idempotency-Key`, so a retried or raced call (two replicas, a double click) gets the first answer back rather
 * than a second intent or refund.
 */
export class StripePaymentProvider extends PaymentProvider {
  readonly mode: PaymentMode = 'stripe';

  constructor(private readonly stripe: Stripe) {
    super();
  }

  async createIntent(input: {
    bookingId: string;
    amountPence: number;
    /** The booking's currency (Stripe takes it lower case). */
    currency: Currency;
    destinationAccountId: string | null;
    applicationFeePence: number;
    idempotencyKey: string;
  }): Promise<PaymentIntentSnapshot> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountPence,
        currency: input.currency.toLowerCase(),
        metadata: { bookingId: input.bookingId },
        automatic_payment_methods: { enabled: true },
        // A destination charge: the hunter's account gets the amount less the platform's application fee.
        ...(input.destinationAccountId
          ? {
              transfer_data: { destination: input.destinationAccountId },
              application_fee_amount: input.applicationFeePence,
            }
          : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return intentSnapshotOf(intent);
  }

  async retrieveIntent(paymentIntentId: string): Promise<PaymentIntentSnapshot> {
    return intentSnapshotOf(await this.stripe.paymentIntents.retrieve(paymentIntentId));
  }

  async cancelIntent(paymentIntentId: string, idempotencyKey: string): Promise<PaymentIntentSnapshot> {
    try {
      return intentSnapshotOf(await this.stripe.paymentIntents.cancel(paymentIntentId, undefined, { idempotencyKey }));
    } catch (error) {
      // Stripe answers 400 `payment_intent_unexpected_state` for an intent it will not cancel (already cancelled,
      // paid, or processing): the caller reads which from the intent as it is. Any other error is real.
      if (
        !(error instanceof Stripe.errors.StripeInvalidRequestError) ||
        error.code !== 'payment_intent_unexpected_state'
      )
        throw error;
      return this.retrieveIntent(paymentIntentId);
    }
  }

  async refund(input: {
    paymentIntentId: string;
    amountPence: number;
    bookingId: string;
    reverseTransfer: boolean;
    idempotencyKey: string;
  }): Promise<RefundSnapshot> {
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: input.paymentIntentId,
        amount: input.amountPence,
        metadata: { bookingId: input.bookingId },
        // Taken back from the hunter's transfer, the platform's fee refunded in proportion.
        ...(input.reverseTransfer ? { reverse_transfer: true, refund_application_fee: true } : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    const report = refundReportOf(refund);
    if (!report) throw new Error(`Stripe answered refund ${refund.id} without its PaymentIntent`);
    return report;
  }
}
