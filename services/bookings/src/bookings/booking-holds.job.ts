import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineJob, type JobHandler, type JobRun, type PendingJob } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { BookingsConfig } from '../config.js';
import { PaymentProvider } from '../payments/payment-provider.js';
import { BookingRepository } from './booking.repository.js';

export const HOLD_EXPIRY_QUEUE = 'bookings-hold-expiry';
const SWEEP_BATCH = 100;

export interface HoldExpiryData {
  bookingId: string;
}

/**
 * Ends a hold at its `expires_at`: one delayed job per hold (job id = the booking's id) plus a sweep each minute
 * on each replica, for a job Redis lost or ran early. Idempotent: a hold still live or already paid is left
 * alone; an expired hold's unpaid intent is cancelled once.
 */
@Injectable()
export class HoldExpiryJob implements JobHandler<HoldExpiryData> {
  private readonly logger = new Logger(HoldExpiryJob.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentProvider,
  ) {}

  async run(job: JobRun<HoldExpiryData>): Promise<{ expired: boolean }> {
    const { bookingId } = job.data;
    await this.dataSource.query(
      `update hunter_bookings set status = 'expired', updated_at = now()
       where id = $1 and status = 'pending_payment' and expires_at <= now()`,
      [bookingId],
    );
    const row = await this.bookings.find(bookingId);
    if (
      row?.status !== 'expired' ||
      !row.paymentIntentId ||
      row.paymentStatus === 'canceled' ||
      row.paymentStatus === 'succeeded'
    ) {
      return { expired: row?.status === 'expired' };
    }
    await this.payments.cancelIntent(row.paymentIntentId, `booking:${bookingId}:cancel`);
    await this.dataSource.query(
      `update hunter_bookings set payment_status = 'canceled', updated_at = now()
       where id = $1 and payment_status is distinct from 'succeeded'`,
      [bookingId],
    );
    this.logger.log(`hold ${bookingId} expired; its payment was cancelled`);
    return { expired: true };
  }

  /** Holds past their time, and expired holds whose intent is not cancelled yet. */
  async pending(): Promise<PendingJob<HoldExpiryData>[]> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `select id from hunter_bookings
       where (status = 'pending_payment' and expires_at <= now())
          or (status = 'expired' and payment_intent_id is not null
              and payment_status is distinct from 'canceled' and payment_status is distinct from 'succeeded')
       order by expires_at limit ${SWEEP_BATCH}`,
    );
    return rows.map(({ id }) => ({ jobId: id, data: { bookingId: id } }));
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
