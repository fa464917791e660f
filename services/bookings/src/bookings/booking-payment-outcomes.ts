import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventPublisher, SQL_STATE, sqlStateOf } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import {
  PaymentOutcomeHandler,
  PaymentProvider,
  type AfterCommit,
  type PaymentIntentSnapshot,
  type RefundReport,
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

  /**
   * Asks the processor for what the booking still owes its client (a cancellation's or a late payment's
   * `refund_pence`, less what is already on its way back, e.g. a refund made in the dashboard), once: the
   * idempotency key is the booking's. Called with no transaction open; records the answer in one of its own.
   */
  async refund(bookingId: string): Promise<void> {
    const row = await this.bookings.get(bookingId);
    if (!row.paymentIntentId || row.refundPence <= 0 || row.refundedAt || row.refundId) return;
    const owed = row.refundPence - (await this.refundsUnderway(this.dataSource.manager, bookingId));
    if (owed <= 0) {
      // Already back (or on its way) by other refunds: nothing to ask; settled once they succeed.
      await this.dataSource.transaction((manager) => this.settleOwedRefund(manager, bookingId));
      return;
    }
    const refund = await this.payments.refund({
      paymentIntentId: row.paymentIntentId,
      amountPence: owed,
      bookingId,
      // The whole amount keeps the key bookings always used; a smaller one (part came back another way) gets its own.
      idempotencyKey: owed === row.refundPence ? `booking:${bookingId}:refund` : `booking:${bookingId}:refund:${owed}`,
    });
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `update hunter_bookings set refund_id = $2, updated_at = now() where id = $1 and refund_id is null`,
        [bookingId, refund.id],
      );
      await this.refundChanged(manager, { ...refund, paymentIntentId: row.paymentIntentId!, bookingId });
    });
  }

  /**
   * Records a refund by its id (ours, or one made in the dashboard) in the caller's transaction: its amount and
   * status, the booking's `refunded_pence` (the sum of its succeeded refunds), and whether what the booking owes
   * is now back. A failed refund of ours is logged for a person to settle by hand (it is not asked again: the same
   * card would refuse it again).
   */
  async refundChanged(manager: EntityManager, refund: RefundReport): Promise<void> {
    const booking = await this.bookings.findByIntent(refund.paymentIntentId, manager);
    if (!booking) {
      this.logger.warn(
        `refund ${refund.id} is of payment ${refund.paymentIntentId}, which pays for no booking; left alone`,
      );
      return;
    }
    await this.bookings.find(booking.id, manager, true);
    // A final status (succeeded, failed, canceled) is never taken back by an older, still pending report; a
    // succeeded refund may still fail later, as Stripe says.
    await manager.query(
      `insert into booking_refunds as r (id, booking_id, payment_intent_id, amount_pence, status, ours, failure_reason)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (id) do update set amount_pence = excluded.amount_pence, status = excluded.status,
         failure_reason = excluded.failure_reason, updated_at = now()
       where r.status not in ('succeeded', 'failed', 'canceled') or excluded.status = 'failed'`,
      [
        refund.id,
        booking.id,
        refund.paymentIntentId,
        refund.amountPence,
        refund.status,
        refund.bookingId === booking.id,
        refund.failureReason,
      ],
    );
    await manager.query(
      `update hunter_bookings as b set updated_at = now(),
         refunded_pence = (select coalesce(sum(amount_pence), 0) from booking_refunds where booking_id = b.id and status = 'succeeded')
       where b.id = $1`,
      [booking.id],
    );
    if (refund.status === 'failed') {
      this.logger.error(
        `refund ${refund.id} of booking ${booking.id} (${refund.amountPence}p) failed: ${refund.failureReason ?? 'no reason given'}; ` +
          'the client has not had this money back: settle it by hand (Stripe dashboard)',
      );
    }
    await this.settleOwedRefund(manager, booking.id);
  }

  /** Pence already refunded or on the way (succeeded, pending or awaiting action) for the booking. */
  private async refundsUnderway(manager: EntityManager, bookingId: string): Promise<number> {
    const rows = await manager.query<{ pence: number }[]>(
      `select coalesce(sum(amount_pence), 0)::int as pence from booking_refunds
       where booking_id = $1 and status in ('succeeded', 'pending', 'requires_action')`,
      [bookingId],
    );
    return rows[0]?.pence ?? 0;
  }

  /**
   * Marks what the booking owes as refunded once its succeeded refunds cover it, and tells the other services
   * (`bookings.booking.refunded`, once); takes the mark back if a succeeded refund later failed.
   */
  private async settleOwedRefund(manager: EntityManager, bookingId: string): Promise<void> {
    await manager.query(
      `update hunter_bookings set refunded_at = null, updated_at = now()
       where id = $1 and refunded_at is not null and refunded_pence < refund_pence`,
      [bookingId],
    );
    const row = await this.bookings.update(
      manager,
      `update hunter_bookings as b set refunded_at = now(), updated_at = now()
       where b.id = $1 and b.refund_pence > 0 and b.refunded_at is null and b.refunded_pence >= b.refund_pence`,
      [bookingId],
    );
    if (!row) return;
    await this.events.publish(manager, 'bookings.booking.refunded', {
      ...bookingEventOf(row),
      refundPence: row.refundPence,
      reason: row.refundReason ?? 'cancelled',
    });
  }
}
