import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventPublisher, SQL_STATE, sqlStateOf } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { PaymentOutcomeHandler, PaymentProvider, type PaymentIntentSnapshot } from '../payments/payment-provider.js';
import { bookingEventOf, BookingRepository } from './booking.repository.js';

/** Where a succeeded payment left its booking. */
export type PaymentOutcome = 'confirmed' | 'refunded' | 'ignored';

/**
 * What a succeeded payment or a settled refund does to a booking, whichever reports it (the member's
 * `POST /api/bookings`, or the processor's webhook) and however often: each step is guarded by the row's state.
 */

/** Booking ids are UUIDs; an intent made elsewhere (`stripe trigger`) may carry anything in its metadata. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
@Injectable()
export class BookingPaymentOutcomes extends PaymentOutcomeHandler {
  private readonly logger = new Logger(BookingPaymentOutcomes.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentProvider,
    private readonly events: EventPublisher,
  ) {
    super();
  }

  async paymentSucceeded(intent: PaymentIntentSnapshot): Promise<void> {
    await this.settle(intent);
  }

  /**
   * Confirms the booking the intent pays for. A live hold is confirmed; a hold that expired first is confirmed if
   * its time is still free, else the payment is refunded in full (`late_payment`).
   */
  async settle(intent: PaymentIntentSnapshot): Promise<PaymentOutcome> {
    const found =
      (await this.bookings.findByIntent(intent.id)) ??
      (intent.bookingId && UUID.test(intent.bookingId) ? await this.bookings.find(intent.bookingId) : null);
    if (
      !found ||
      intent.status !== 'succeeded' ||
      intent.amountPence !== found.pricePence ||
      intent.currency !== 'gbp'
    ) {
      this.logger.warn(`payment ${intent.id} matches no booking of that amount; left alone`);
      return 'ignored';
    }
    const outcome = await this.dataSource.transaction(async (manager): Promise<PaymentOutcome> => {
      const row = (await this.bookings.find(found.id, manager, true))!;
      if (row.status === 'confirmed' || row.status === 'completed') return 'confirmed';
      if (row.paidAt) return row.refundReason ? 'refunded' : 'ignored';
      if (row.status === 'cancelled') return 'ignored';
      await this.bookings.expireStaleOverlapping(manager, { ...row, exceptId: row.id });
      await manager.query('savepoint confirm_payment');
      try {
        const confirmed = await this.bookings.update(
          manager,
          `update hunter_bookings as b set status = 'confirmed', paid_at = now(), payment_status = 'succeeded', expires_at = null,
             updated_at = now() where b.id = $1`,
          [row.id],
        );
        await this.events.publish(manager, 'bookings.booking.confirmed', bookingEventOf(confirmed!));
        return 'confirmed';
      } catch (error) {
        if (sqlStateOf(error) !== SQL_STATE.exclusionViolation) throw error;
        // The hold expired and someone else took the time: the money goes back.
        await manager.query('rollback to savepoint confirm_payment');
        await manager.query(
          `update hunter_bookings set status = 'expired', paid_at = now(), payment_status = 'succeeded',
             refund_pence = price_pence, refund_reason = 'late_payment', updated_at = now() where id = $1`,
          [row.id],
        );
        return 'refunded';
      }
    });
    if (outcome === 'refunded') await this.refund(found.id);
    return outcome;
  }

  /** Asks the processor for the booking's recorded refund (once: the idempotency key is the booking's). */
  async refund(bookingId: string): Promise<void> {
    const row = await this.bookings.get(bookingId);
    if (!row.paymentIntentId || row.refundPence <= 0 || row.refundedAt) return;
    const refund = await this.payments.refund({
      paymentIntentId: row.paymentIntentId,
      amountPence: row.refundPence,
      bookingId,
      idempotencyKey: `booking:${bookingId}:refund`,
    });
    await this.dataSource.query(
      `update hunter_bookings set refund_id = $2, updated_at = now() where id = $1 and refund_id is null`,
      [bookingId, refund.id],
    );
    if (refund.status === 'succeeded')
      await this.refundSettled({ paymentIntentId: row.paymentIntentId, refundedPence: refund.amountPence });
  }

  async refundSettled(input: { paymentIntentId: string; refundedPence: number }): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.bookings.update(
        manager,
        `update hunter_bookings as b set refunded_pence = $2, refunded_at = now(), updated_at = now()
         where b.payment_intent_id = $1 and b.refunded_at is null`,
        [input.paymentIntentId, input.refundedPence],
      );
      if (!row) return;
      await this.events.publish(manager, 'bookings.booking.refunded', {
        ...bookingEventOf(row),
        refundPence: input.refundedPence,
        reason: row.refundReason ?? 'cancelled',
      });
    });
  }
}
