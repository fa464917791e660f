import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { londonDateOf, SITE_TIME_ZONE } from '@hunted/contracts';
import { defineJob, now, type JobHandler } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { BookingsConfig } from '../config.js';
import { BookingRefundsRepository } from '../store/booking-refunds.repository.js';
import { BookingRepository } from '../store/booking.repository.js';

const BATCH = 500;

/**
 * The end of a kept record's time: an erased member's paid booking (anonymised, `keep_until` set by the erasure:
 * six years after the end of its UK tax year) is deleted with its refunds' rows once `keep_until` has passed. Daily,
 * once across replicas; rows another run holds are skipped, and a run takes at most a batch (the next takes more).
 */
@Injectable()
export class KeptRecordsRetentionJob implements JobHandler<undefined> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bookings: BookingRepository,
    private readonly refunds: BookingRefundsRepository,
  ) {}

  async run(): Promise<{ deleted: number }> {
    return this.dataSource.transaction(async (manager) => {
      const ids = await this.bookings.keptRecordsDue(manager, londonDateOf(now()), BATCH);
      await this.refunds.deleteOfBookings(manager, ids);
      return { deleted: await this.bookings.deleteKeptRecords(manager, ids) };
    });
  }
}

export const keptRecordsRetention = defineJob<undefined, BookingsConfig>({
  queue: 'bookings-kept-records-retention',
  handler: KeptRecordsRetentionJob,
  schedule: { id: 'delete-kept-records-past-retention', repeat: { pattern: '30 3 * * *', tz: SITE_TIME_ZONE } },
  jobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: { count: 100 } },
});
