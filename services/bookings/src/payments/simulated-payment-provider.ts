import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PaymentProvider, type PaymentIntentSnapshot, type RefundSnapshot } from './payment-provider.js';

/** The simulated intent of a booking: derived from its id, so asking twice gives the same intent. */
export function simulatedIntentId(bookingId: string): string {
  return `sim_${bookingId.replaceAll('-', '')}`;
}

interface IntentRow {
  id: string;
  pricePence: number;
  clientSecret: string | null;
  paymentStatus: string | null;
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

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  createIntent(input: {
    bookingId: string;
    amountPence: number;
    idempotencyKey: string;
  }): Promise<PaymentIntentSnapshot> {
    const id = simulatedIntentId(input.bookingId);
    return Promise.resolve({
      id,
      clientSecret: `${id}_secret`,
      amountPence: input.amountPence,
      currency: 'gbp',
      status: 'requires_payment_method',
      bookingId: input.bookingId,
    });
  }

  async retrieveIntent(paymentIntentId: string): Promise<PaymentIntentSnapshot> {
    const rows = await this.dataSource.query<(IntentRow & { bookingId: string })[]>(
      `select id as "bookingId", price_pence as "pricePence", client_secret as "clientSecret", payment_status as "paymentStatus"
       from hunter_bookings where payment_intent_id = $1`,
      [paymentIntentId],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException('No such payment');
    return {
      id: paymentIntentId,
      clientSecret: row.clientSecret ?? `${paymentIntentId}_secret`,
      amountPence: row.pricePence,
      currency: 'gbp',
      status: row.paymentStatus === 'canceled' ? 'canceled' : 'succeeded',
      bookingId: row.bookingId,
    };
  }

  async cancelIntent(paymentIntentId: string): Promise<PaymentIntentSnapshot> {
    await this.dataSource.query(
      `update hunter_bookings set payment_status = 'canceled', updated_at = now()
       where payment_intent_id = $1 and payment_status is distinct from 'succeeded'`,
      [paymentIntentId],
    );
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
