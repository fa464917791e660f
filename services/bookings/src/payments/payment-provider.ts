import type { Currency } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The one door to the card processor. Bookings' use cases talk to this, never to the Stripe SDK: in simulated mode
 * (no `STRIPE_SECRET_KEY`) `SimulatedPaymentProvider` answers with `sim_…` intents; in stripe mode
 * `StripePaymentProvider` calls Stripe (a local fake in tests). Amounts are minor units of the booking's currency,
 * which Stripe names lower case ('eur').
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

export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export interface RefundSnapshot {
  id: string;
  status: RefundStatus;
  amountPence: number;
  /** Why the processor could not return the money (`refund.failed`), else null. */
  failureReason: string | null;
}

/** A refund as the processor reports it: our create call's answer, or a `refund.*` webhook event. */
export interface RefundReport extends RefundSnapshot {
  paymentIntentId: string;
  /** `metadata.bookingId`: set on the refunds bookings asks for; null on one made in the dashboard. */
  bookingId: string | null;
}

export abstract class PaymentProvider {
  abstract readonly mode: PaymentMode;

  /**
   * Creates (or, for the same idempotency key, returns again) the intent paying for a booking: a destination
   * charge to the hunter's connected account (`destinationAccountId`) less the platform's `applicationFeePence`.
   */
  abstract createIntent(input: {
    bookingId: string;
    amountPence: number;
    /** The booking's currency (Stripe takes it lower case). */
    currency: Currency;
    destinationAccountId: string | null;
    applicationFeePence: number;
    idempotencyKey: string;
  }): Promise<PaymentIntentSnapshot>;

  abstract retrieveIntent(paymentIntentId: string): Promise<PaymentIntentSnapshot>;

  /**
   * Cancels an unpaid intent and answers the intent as it then is. One the processor will not cancel (already
   * cancelled, already paid, or `processing`) is no error: it is answered as it is, and the caller reads its status
   * (a paid one is settled, a processing one is looked at again later).
   */
  abstract cancelIntent(paymentIntentId: string, idempotencyKey: string): Promise<PaymentIntentSnapshot>;

  /**
   * Refunds (part of) a payment. `reverseTransfer`: the payment was a destination charge, so the refund takes its
   * share back from the hunter's transfer and refunds the platform's fee in proportion (the platform never pays a
   * refund out of its own pocket).
   */
  abstract refund(input: {
    paymentIntentId: string;
    amountPence: number;
    bookingId: string;
    reverseTransfer: boolean;
    idempotencyKey: string;
  }): Promise<RefundSnapshot>;
}

/**
 * Work a handler leaves for after the webhook's transaction has committed: a call to the processor (a refund),
 * which must never run while a transaction holds a pooled connection and its locks.
 */
export type AfterCommit = () => Promise<void>;

/**
 * What the processor's webhook reports to the bookings use cases. Implemented by the bookings feature; the webhook
 * calls it after verifying the signature, inside the transaction that stores the event id once, and the handler
 * does all its database work through that transaction's `manager` (never another pooled connection: a burst of
 * deliveries each holding one connection and waiting for a second would take the whole pool). The event's row
 * and the handler's writes commit together, so an event is handled exactly once.
 */
export abstract class PaymentOutcomeHandler {
  /** `payment_intent.succeeded`: confirm the booking (or, if its hold expired and the time is gone, refund it). */
  abstract paymentSucceeded(manager: EntityManager, intent: PaymentIntentSnapshot): Promise<AfterCommit | null>;

  /**
   * `refund.created`, `refund.updated`, `refund.failed`: record the refund by its id and amount (ours or one made
   * in the dashboard), and settle what the booking owes once enough has come back.
   */
  abstract refundChanged(manager: EntityManager, refund: RefundReport): Promise<void>;
}
