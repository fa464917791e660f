import { Injectable } from '@nestjs/common';
import { defineJob, type JobHandler } from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { BookingRepository } from './booking.repository.js';

const BATCH = 200;

/**
 * Marks confirmed bookings that have ended as completed (`BookingRepository.completeEnded`), each with its
 * `bookings.booking.completed` event in the same transaction. Runs on a schedule once per turn across replicas;
 * were two runs to overlap, each row's update is made once (the second finds it no longer confirmed), so each
 * event is published once.
 */
@Injectable()
export class BookingCompletionJob implements JobHandler<undefined> {
  constructor(private readonly bookings: BookingRepository) {}

  async run(): Promise<{ completed: number }> {
    return { completed: await this.bookings.completeEnded(BATCH) };
  }
}

export const bookingCompletion = defineJob<undefined, BookingsConfig>({
  queue: 'bookings-completion',
  handler: BookingCompletionJob,
  schedule: { id: 'complete-ended-bookings', repeat: { every: 60_000 } },
  jobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: { count: 100 } },
});
