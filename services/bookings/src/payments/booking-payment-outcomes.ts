import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { now, SERVICE_CONFIG } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import {
  PaymentOutcomeHandler,
  PaymentProvider,
  type AfterCommit,
  type PaymentIntentSnapshot,
  type RefundReport,
} from './payment-provider.js';
import { BookingRefundsRepository } from '../store/booking-refunds.repository.js';
import { BookingMetrics } from '../store/booking-metrics.js';
import type { BookingsConfig } from '../config.js';
import { BookingRepository, type RefundRetryPolicy } from '../store/booking.repository.js';
import { isBookingId, type BookingRow } from '../store/booking-rows.js';

/** Where a succeeded payment left its booking. */
export type PaymentOutcome = 'confirmed' | 'refunded' | 'ignored';

/**
 * What a succeeded payment or a settled refund does to a booking, whichever reports it (the member's
 * `POST /api/bookings`, or the processor's webhook) and however often: each step is guarded by the row's state.
 */

@Injectable()
export class BookingPaymentOutcomes extends PaymentOutcomeHandler {
  private readonly logger = new Logger(BookingPaymentOutcomes.name);

  private readonly retryPolicy: RefundRetryPolicy;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: BookingsConfig,
    private readonly bookings: BookingRepository,
    private readonly refunds: BookingRefundsRepository,
    private readonly payments: PaymentProvider,
    private readonly metrics: BookingMetrics,
  ) {
    super();
    this.retryPolicy = {
      baseSeconds: config.REFUND_RETRY_BASE_SECONDS,
      maxSeconds: config.REFUND_RETRY_MAX_SECONDS,
      alertAfter: config.REFUND_ALERT_AFTER_ATTEMPTS,
    };
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
      // An intent made elsewhere (`stripe trigger`) may carry anything in its metadata.
      (intent.bookingId && isBookingId(intent.bookingId) ? await this.bookings.find(intent.bookingId, manager) : null);
    if (
      !found ||
      intent.status !== 'succeeded' ||
      intent.amountPence !== found.pricePence ||
      // The booking's own currency: an intent in another is not this booking's payment, whatever its amount.
      intent.currency !== found.currency.toLowerCase()
    ) {
      this.logger.warn(`payment ${intent.id} matches no booking of that amount; left alone`);
      this.metrics.paymentOutcome('unmatched', manager);
      return { outcome: 'ignored', bookingId: null };
    }
    const outcome = await this.settleRow(manager, found.id);
    this.metrics.paymentOutcome(outcome, manager);
    return { outcome, bookingId: found.id };
  }

  private async settleRow(manager: EntityManager, bookingId: string): Promise<PaymentOutcome> {
    const row = (await this.bookings.find(bookingId, manager, true))!;
    if (row.status === 'confirmed' || row.status === 'completed') return 'confirmed';
    if (row.paidAt) return row.refundReason ? 'refunded' : 'ignored';
    if (row.status === 'cancelled') return 'ignored';
    return this.bookings.settlePaidHold(manager, row);
  }

  /**
   * Asks the processor for what the booking still owes its client (a cancellation's or a late payment's
   * `refund_pence`, less what is already on its way back, e.g. a refund made in the dashboard), once: the
   * idempotency key is the booking's. Called with no transaction open; records the answer in one of its own.
   * `current` is the row as the caller's committed transition left it (not read again).
   *
   * A request that fails is recorded on the booking (decision 0094): its attempts, the error and the next try
   * (exponential backoff with a cap), when the refund sweep asks again; once it has failed
   * `REFUND_ALERT_AFTER_ATTEMPTS` times it is logged at error and counted (`refund_stuck`, and the
   * `bookings_refunds_stuck` gauge while it stays unasked). Such a failure is handled here: nothing is thrown.
   */
  async refund(bookingId: string, current?: BookingRow): Promise<void> {
    const row = current ?? (await this.bookings.get(bookingId));
    if (!row.paymentIntentId || row.refundPence <= 0 || row.refundedAt || row.refundId) return;
    const owed = row.refundPence - (await this.refunds.underway(this.dataSource.manager, bookingId));
    if (owed <= 0) {
      // Already back (or on its way) by other refunds: nothing to ask; settled once they succeed.
      await this.dataSource.transaction((manager) => this.bookings.settleRefund(manager, bookingId));
      return;
    }
    let refund: Awaited<ReturnType<PaymentProvider['refund']>>;
    try {
      refund = await this.payments.refund({
        paymentIntentId: row.paymentIntentId,
        amountPence: owed,
        bookingId,
        reverseTransfer: row.destinationAccountId !== null,
        // The whole amount keeps the key bookings always used; a smaller one (part came back another way) gets its own.
        idempotencyKey: owed === row.refundPence ? `booking:${bookingId}:refund` : `booking:${bookingId}:refund:${owed}`,
      });
    } catch (error) {
      await this.refundRequestFailed(bookingId, owed, error as Error);
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      await this.bookings.recordRefundAsked(manager, bookingId, refund.id);
      await this.refundChanged(manager, { ...refund, paymentIntentId: row.paymentIntentId!, bookingId });
    });
  }

  private async refundRequestFailed(bookingId: string, owedPence: number, error: Error): Promise<void> {
    const failed = await this.bookings.recordRefundAttemptFailed(bookingId, error.message, now(), this.retryPolicy);
    if (!failed) return;
    const next = new Date(failed.nextTryAt).toISOString();
    if (failed.alertNow) {
      this.metrics.paymentOutcome('refund_stuck');
      this.logger.error(
        `refund of booking ${bookingId} (${owedPence}p) has failed ${failed.attempts} times (last: ${error.message}); ` +
          `asked again at ${next} and on, but the client has not had this money back: look into it (Stripe dashboard)`,
      );
    } else {
      this.logger.warn(
        `refund of booking ${bookingId} (${owedPence}p) not asked (attempt ${failed.attempts}): ${error.message}; next try at ${next}`,
      );
    }
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
    await this.bookings.lock(manager, booking.id);
    await this.refunds.record(manager, booking.id, refund);
    await this.bookings.recordRefundedPence(manager, booking.id);
    if (refund.status === 'failed') {
      this.metrics.paymentOutcome('refund_failed', manager);
      this.logger.error(
        `refund ${refund.id} of booking ${booking.id} (${refund.amountPence}p) failed: ${refund.failureReason ?? 'no reason given'}; ` +
          'the client has not had this money back: settle it by hand (Stripe dashboard)',
      );
    }
    await this.bookings.settleRefund(manager, booking.id);
  }
}
