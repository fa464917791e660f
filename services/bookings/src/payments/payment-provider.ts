/**
 * The one door to the card processor. Bookings' use cases talk to this, never to the Stripe SDK: in simulated mode
 * (no `STRIPE_SECRET_KEY`) `SimulatedPaymentProvider` answers with `sim_…` intents; in stripe mode
 * `StripePaymentProvider` calls Stripe (a local fake in tests). Amounts are pence, currency always gbp.
 */

export type PaymentMode = 'simulated' | 'stripe';

/** Stripe's PaymentIntent statuses (the simulated provider uses the same words). */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface PaymentIntentSnapshot {
  id: string;
  clientSecret: string;
  amountPence: number;
  currency: string;
  status: PaymentIntentStatus;
  /** `metadata.bookingId` as the processor holds it (null when missing). */
  bookingId: string | null;
}

export interface RefundSnapshot {
  id: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  amountPence: number;
}

export abstract class PaymentProvider {
  abstract readonly mode: PaymentMode;

  /** Creates (or, for the same idempotency key, returns again) the intent paying for a booking. */
  abstract createIntent(input: { bookingId: string; amountPence: number; idempotencyKey: string }): Promise<PaymentIntentSnapshot>;

  abstract retrieveIntent(paymentIntentId: string): Promise<PaymentIntentSnapshot>;

  /** Cancels an unpaid intent; an intent already cancelled or succeeded is left as it is (no error). */
  abstract cancelIntent(paymentIntentId: string, idempotencyKey: string): Promise<void>;

  abstract refund(input: {
    paymentIntentId: string;
    amountPence: number;
    bookingId: string;
    idempotencyKey: string;
  }): Promise<RefundSnapshot>;
}

/**
 * What the processor's webhook (and the simulated mode) report to the bookings use cases. Implemented by the
 * bookings feature; the webhook controller calls it after verifying the signature and storing the event id once.
 * Each method is idempotent: whichever of the page's `POST /api/bookings` and the webhook comes second finds the
 * work done.
 */
export abstract class PaymentOutcomeHandler {
  /** `payment_intent.succeeded`: confirm the booking (or, if its hold expired and the time is gone, refund it). */
  abstract paymentSucceeded(intent: PaymentIntentSnapshot): Promise<void>;

  /** `charge.refunded`: record the refund as settled. */
  abstract refundSettled(input: { paymentIntentId: string; refundedPence: number }): Promise<void>;
}
