import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventPublisher, SQL_STATE, sqlStateOf } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import {
  PaymentOutcomeHandler,
  PaymentProvider,
  type AfterCommit,
  type PaymentIntentSnapshot,
} from '../payments/payment-provider.js';
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

  /** The webhook's step, in its transaction; a late payment's refund is asked of the processor after the commit. */
  async paymentSucceeded(manager: EntityManager, intent: PaymentIntentSnapshot): Promise<AfterCommit | null> {
    const settled = await this.settleIn(manager, intent);
    return settled.outcome === 'refunded' ? () => this.refund(settled.bookingId!) : null;
  }

  /**
   * Confirms the booking the intent pays for (the page's step): a live hold is confirmed; a hold that expired
   * first is confirmed if its time is still free, else the payment is refunded in full (`late_payment`).
   */
  async settle(intent: PaymentIntentSnapshot): Promise<PaymentOutcome> {
    const settled = await this.dataSource.transaction((manager) => this.settleIn(manager, intent));
    if (settled.outcome === 'refunded') await this.refund(settled.bookingId!);
    return settled.outcome;
  }

  /** The settling itself, in the caller's transaction and on its connection only; no call to the processor. */
  async settleIn(
    manager: EntityManager,
    intent: PaymentIntentSnapshot,
  ): Promise<{ outcome: PaymentOutcome; bookingId: string | null }> {
    const found =
      (await this.bookings.findByIntent(intent.id, manager)) ??
      (intent.bookingId && UUID.test(intent.bookingId) ? await this.bookings.find(intent.bookingId, manager) : null);
    if (
      !found ||
      intent.status !== 'succeeded' ||
      intent.amountPence !== found.pricePence ||
      intent.currency !== 'gbp'
    ) {
      this.logger.warn(`payment ${intent.id} matches no booking of that amount; left alone`);
      return { outcome: 'ignored', bookingId: null };
    }
    return { outcome: await this.settleRow(manager, found.id), bookingId: found.id };
  }

  private async settleRow(manager: EntityManager, bookingId: string): Promise<PaymentOutcome> {
    const row = (await this.bookings.find(bookingId, manager, true))!;
    if (row.status === 'confirmed' || row.status === 'completed') return 'confirmed';
    if (row.paidAt) return row.refundReason ? 'refunded' : 'ignored';
    if (row.status === 'cancelled') return 'ignored';
    await this.bookings.expireStaleOverlapping(manager, { ...row, exceptId: row.id });
    await manager.query('savepoint confirm_payment');
    try {
      // Only a time still ahead is confirmed: a payment that settles after the start is refunded.
      const confirmed = await this.bookings.update(
        manager,
        `update hunter_bookings as b set status = 'confirmed', paid_at = now(), payment_status = 'succeeded', expires_at = null,
             payment_check_after = null, updated_at = now() where b.id = $1 and b.starts_at > now()`,
        [row.id],
      );
      if (!confirmed) return this.refundLatePayment(manager, row.id);
      await this.events.publish(manager, 'bookings.booking.confirmed', bookingEventOf(confirmed));
      return 'confirmed';
    } catch (error) {
      if (sqlStateOf(error) !== SQL_STATE.exclusionViolation) throw error;
      // The hold expired and someone else took the time: the money goes back.
      await manager.query('rollback to savepoint confirm_payment');
      return this.refundLatePayment(manager, row.id);
    }
  }

  /** Records a payment that came too late for its time (taken, or already begun) as owed back in full. */
  private async refundLatePayment(manager: EntityManager, bookingId: string): Promise<'refunded'> {
    await manager.query(
      `update hunter_bookings set status = 'expired', paid_at = now(), payment_status = 'succeeded', payment_check_after = null,
         refund_pence = price_pence, refund_reason = 'late_payment', updated_at = now() where id = $1`,
      [bookingId],
    );
    return 'refunded';
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
    if (refund.status === 'succeeded') {
      const settled = { paymentIntentId: row.paymentIntentId, refundedPence: refund.amountPence };
      await this.dataSource.transaction((manager) => this.refundSettled(manager, settled));
    }
  }

  async refundSettled(
    manager: EntityManager,
    input: { paymentIntentId: string; refundedPence: number },
  ): Promise<void> {
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
  }
}
