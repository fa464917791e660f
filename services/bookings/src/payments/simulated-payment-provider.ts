import { Injectable, NotFoundException } from '@nestjs/common';
import type { Currency } from '@hunted/contracts';
import type { BookingQueries } from '../store/booking-queries.js';
import type { BookingRepository } from '../store/booking.repository.js';
import { PaymentProvider, type PaymentIntentSnapshot, type RefundSnapshot } from './payment-provider.js';

/** The simulated intent of a booking: derived from its id, so asking twice gives the same intent. */
export function simulatedIntentId(bookingId: string): string {
  return `sim_${bookingId.replaceAll('-', '')}`;
}

/**
 * Payments without a processor (no `STRIPE_SECRET_KEY`): a booking's intent is `sim_<booking id>`, its client
 * secret `sim_…_secret`. The member's `POST /api/bookings` with that id is the payment: the intent reads as
 * succeeded unless it was cancelled first (its hold expired or was released). Nothing is kept in memory (bookings
 * runs as several replicas): the state is the booking row's `payment_status`.
 */
@Injectable()
export class SimulatedPaymentProvider extends PaymentProvider {
  readonly mode = 'simulated' as const;

  constructor(
    private readonly bookings: BookingRepository,
    private readonly queries: BookingQueries,
  ) {
    super();
  }

  createIntent(input: {
    bookingId: string;
    amountPence: number;
    /** The booking's currency (Stripe takes it lower case). */
    currency: Currency;
    destinationAccountId: string | null;
    applicationFeePence: number;
    idempotencyKey: string;
  }): Promise<PaymentIntentSnapshot> {
    const id = simulatedIntentId(input.bookingId);
    return Promise.resolve({
      id,
      clientSecret: `${id}_secret`,
      amountPence: input.amountPence,
      currency: input.currency.toLowerCase(),
      status: 'requires_payment_method',
      bookingId: input.bookingId,
    });
  }

  async retrieveIntent(paymentIntentId: string): Promise<PaymentIntentSnapshot> {
    const row = await this.queries.simulatedIntent(paymentIntentId);
    if (!row) throw new NotFoundException('No such payment');
    return {
      id: paymentIntentId,
      clientSecret: row.clientSecret ?? `${paymentIntentId}_secret`,
      amountPence: row.pricePence,
      currency: row.currency.toLowerCase(),
      status: row.paymentStatus === 'canceled' ? 'canceled' : 'succeeded',
      bookingId: row.bookingId,
    };
  }

  async cancelIntent(paymentIntentId: string): Promise<PaymentIntentSnapshot> {
    await this.bookings.cancelSimulatedIntent(paymentIntentId);
    return this.retrieveIntent(paymentIntentId);
  }

  refund(input: { paymentIntentId: string; amountPence: number; bookingId: string }): Promise<RefundSnapshot> {
    return Promise.resolve({
      id: `sim_re_${input.bookingId.replaceAll('-', '')}`,
      status: 'succeeded',
      amountPence: input.amountPence,
      failureReason: null,
    });
  }
}
