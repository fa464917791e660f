import { Injectable } from '@nestjs/common';
import { defineJob, type JobHandler, type JobRun, type PendingJob } from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { BookingPaymentOutcomes } from '../payments/booking-payment-outcomes.js';
import { BookingQueries } from '../store/booking-queries.js';

const SWEEP_BATCH = 100;

export interface BookingRefundData {
  bookingId: string;
}

/**
 * Asks the processor again for a refund that was recorded (a cancellation, a late payment) but whose request
 * failed after the commit. Found only by the sweep; the processor's idempotency key (`booking:<id>:refund`) makes a
 * repeated request the same refund.
 */
@Injectable()
export class BookingRefundJob implements JobHandler<BookingRefundData> {
  constructor(
    private readonly queries: BookingQueries,
    private readonly outcomes: BookingPaymentOutcomes,
  ) {}

  async run(job: JobRun<BookingRefundData>): Promise<void> {
    await this.outcomes.refund(job.data.bookingId);
  }

  async pending(): Promise<PendingJob<BookingRefundData>[]> {
    const ids = await this.queries.refundsDue(SWEEP_BATCH);
    return ids.map((id) => ({ jobId: `refund-${id}`, data: { bookingId: id } }));
  }
}

export const bookingRefunds = defineJob<BookingRefundData, BookingsConfig>({
  queue: 'bookings-refunds',
  handler: BookingRefundJob,
  jobOptions: {
    attempts: 8,
    backoff: { type: 'exponential', delay: 10_000 },
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  sweepEveryMs: (config) => config.HOLD_SWEEP_MS,
});
