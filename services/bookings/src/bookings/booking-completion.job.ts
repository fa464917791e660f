import { Injectable } from '@nestjs/common';
import { defineJob, type JobHandler } from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { BookingRepository } from '../store/booking.repository.js';
import { BookingPhotos } from '../photos/booking-photos.js';

const BATCH = 200;

/**
 * Marks confirmed bookings that have ended (by the session rules' clock, `now()`, which a test may move) as completed (`BookingRepository.completeEnded`), each with its
 * `bookings.booking.completed` event in the same transaction. Runs on a schedule once per turn across replicas;
 * were two runs to overlap, each row's update is made once (the second finds it no longer confirmed), so each
 * event is published once.
 */
@Injectable()
export class BookingCompletionJob implements JobHandler<undefined> {
  constructor(
    private readonly bookings: BookingRepository,
    private readonly photos: BookingPhotos,
  ) {}

  /** Also prunes the photos no booking took within a day (an abandoned booking form), in the same turn. */
  async run(): Promise<{ completed: number; photosPruned: number }> {
    const completed = await this.bookings.completeEnded(BATCH);
    return { completed, photosPruned: await this.photos.prune() };
  }
}

export const bookingCompletion = defineJob<undefined, BookingsConfig>({
  queue: 'bookings-completion',
  handler: BookingCompletionJob,
  schedule: { id: 'complete-ended-bookings', repeat: { every: 60_000 } },
  jobOptions: { attempts: 1, removeOnComplete: true, removeOnFail: { count: 100 } },
});
