import { Inject, Injectable } from '@nestjs/common';
import {
  AppMetrics,
  defineJob,
  now,
  SERVICE_CONFIG,
  type JobHandler,
  type JobRun,
  type PendingJob,
} from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { BookingPaymentOutcomes } from '../payments/booking-payment-outcomes.js';
import { BookingQueries } from '../store/booking-queries.js';

export interface BookingRefundData {
  bookingId: string;
}

/**
 * Asks the processor again for a refund that was recorded (a cancellation, a late payment, a suspension) but not
 * yet asked for, or whose request failed (decision 0094): each sweep takes at most `REFUND_SWEEP_BATCH` due ones,
 * never asked first, then by next try, so one that keeps failing waits out its backoff behind the others. A failed
 * request is recorded by `BookingPaymentOutcomes.refund` (attempts, next try, the alert), so a run does not throw
 * for it and BullMQ keeps no schedule of its own. The processor's idempotency key (`booking:<id>:refund`) makes a
 * repeated request the same refund. `bookings_refunds_stuck` (read at each scrape) counts the alerted ones still
 * unasked.
 */
@Injectable()
export class BookingRefundJob implements JobHandler<BookingRefundData> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BookingsConfig,
    private readonly queries: BookingQueries,
    private readonly outcomes: BookingPaymentOutcomes,
    metrics: AppMetrics,
  ) {
    const stuck = metrics.gauge({
      name: 'bookings_refunds_stuck',
      help: 'Refunds still not asked of the processor after REFUND_ALERT_AFTER_ATTEMPTS failed requests',
    });
    metrics.onScrape(async () => stuck.set(await this.queries.stuckRefunds()));
  }

  async run(job: JobRun<BookingRefundData>): Promise<void> {
    await this.outcomes.refund(job.data.bookingId);
  }

  async pending(): Promise<PendingJob<BookingRefundData>[]> {
    const ids = await this.queries.refundsDue(this.config.REFUND_SWEEP_BATCH, now());
    return ids.map((id) => ({ jobId: `refund-${id}`, data: { bookingId: id } }));
  }
}

export const bookingRefunds = defineJob<BookingRefundData, BookingsConfig>({
  queue: 'bookings-refunds',
  handler: BookingRefundJob,
  // Retries are the booking's own (its next try); a run that throws (the database away) is found again by the sweep.
  jobOptions: {
    attempts: 1,
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  sweepEveryMs: (config) => config.HOLD_SWEEP_MS,
});
