import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineJob, EventPublisher, type JobHandler } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { BookingsConfig } from '../config.js';
import { BOOKING_COLUMNS, bookingEventOf, type BookingRow } from './booking.repository.js';

const BATCH = 200;

/**
 * Marks confirmed bookings that have ended as completed, each with its `bookings.booking.completed` event in the
 * same transaction. Runs on a schedule once per turn across replicas; were two runs to overlap, each row's update
 * is made once (the second finds it no longer confirmed), so each event is published once.
 */
@Injectable()
export class BookingCompletionJob implements JobHandler<undefined> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async run(): Promise<{ completed: number }> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[BookingRow[], number]>(
        `update hunter_bookings as b set status = 'completed', updated_at = now()
         where b.id in (select id from hunter_bookings where status = 'confirmed' and ends_at <= now()
                        order by ends_at limit ${BATCH} for update skip locked)
         returning ${BOOKING_COLUMNS}`,
      );
      for (const row of rows) await this.events.publish(manager, 'bookings.booking.completed', bookingEventOf(row));
      return { completed: rows.length };
    });
  }
}

export const bookingCompletion = defineJob<undefined, BookingsConfig>({
  queue: 'bookings-completion',
  handler: BookingCompletionJob,
  schedule: { id: 'complete-ended-bookings', repeat: { every: 60_000 } },
  jobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: { count: 100 } },
});
