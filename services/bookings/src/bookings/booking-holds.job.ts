import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobHandler, type JobRun, type PendingJob } from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { PaymentProvider } from '../payments/payment-provider.js';
import { BookingPaymentOutcomes } from '../payments/booking-payment-outcomes.js';
import { BookingRepository } from '../store/booking.repository.js';
import { BookingQueries } from '../store/booking-queries.js';

export const HOLD_EXPIRY_QUEUE = 'bookings-hold-expiry';
const SWEEP_BATCH = 100;
/**
 * How long an intent the processor will neither cancel nor has paid (`processing`: a bank still deciding) waits
 * before it is asked about again; the sweep orders by that time, so such intents never fill its batch.
 */
export const UNSETTLED_RECHECK_MINUTES = 10;

export interface HoldExpiryData {
  bookingId: string;
}

/** What became of an expired hold's payment. */
export type ExpiredHoldPayment = 'nothing' | 'canceled' | 'confirmed' | 'refunded' | 'ignored' | 'deferred';

/**
 * Ends a hold at its `expires_at`: one delayed job per hold (job id = the booking's id) plus a sweep each minute
 * on each replica, for a job Redis lost or ran early, which also reconciles every expired hold whose intent is not
 * known to be cancelled or paid against the processor. Idempotent: a hold still live or already settled is left
 * alone. An expired hold's intent is cancelled; if the processor says it was paid meanwhile (its webhook lost or
 * late), the payment is settled as a late one (confirmed if the time is still free and ahead, else refunded), never
 * recorded as cancelled; if it is still processing, it is asked about again later.
 */
@Injectable()
export class HoldExpiryJob implements JobHandler<HoldExpiryData> {
  private readonly logger = new Logger(HoldExpiryJob.name);

  constructor(
    private readonly bookings: BookingRepository,
    private readonly queries: BookingQueries,
    private readonly payments: PaymentProvider,
    private readonly outcomes: BookingPaymentOutcomes,
  ) {}

  async run(job: JobRun<HoldExpiryData>): Promise<{ expired: boolean; payment: ExpiredHoldPayment }> {
    const { bookingId } = job.data;
    const row = await this.bookings.expire(bookingId);
    const expired = row?.status === 'expired';
    if (!expired || !row.paymentIntentId || row.paidAt || row.paymentStatus === 'canceled') {
      return { expired, payment: 'nothing' };
    }
    const intent = await this.payments.cancelIntent(row.paymentIntentId, `booking:${bookingId}:cancel`);
    if (intent.status === 'canceled') {
      await this.bookings.recordIntentCancelled(bookingId);
      this.logger.log(`hold ${bookingId} expired; its payment was cancelled`);
      return { expired, payment: 'canceled' };
    }
    const outcome = intent.status === 'succeeded' ? await this.outcomes.settle(intent) : 'deferred';
    if (outcome === 'deferred' || outcome === 'ignored') {
      await this.bookings.deferPaymentCheck(bookingId, intent.status, UNSETTLED_RECHECK_MINUTES);
    }
    this.logger.log(`hold ${bookingId} expired with its payment ${intent.status}: ${outcome}`);
    return { expired, payment: outcome };
  }

  /**
   * Holds past their time, and expired holds whose intent is neither cancelled nor settled yet (due first: an
   * intent put off is not due until its `payment_check_after`).
   */
  async pending(): Promise<PendingJob<HoldExpiryData>[]> {
    const ids = await this.queries.holdsDue(SWEEP_BATCH);
    return ids.map((id) => ({ jobId: id, data: { bookingId: id } }));
  }
}

export const holdExpiry = defineJob<HoldExpiryData, BookingsConfig>({
  queue: HOLD_EXPIRY_QUEUE,
  handler: HoldExpiryJob,
  concurrency: 4,
  jobOptions: {
    attempts: 8,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  sweepEveryMs: (config) => config.HOLD_SWEEP_MS,
});
