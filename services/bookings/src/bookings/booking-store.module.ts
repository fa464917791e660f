import { Module } from '@nestjs/common';
import { AfterCommit } from '@hunted/platform';
import { BookingMetrics } from './booking-metrics.js';
import { BookingRefundsRepository } from './booking-refunds.repository.js';
import { BookingRepository } from './booking.repository.js';

/**
 * The owners of bookings' tables (hunter_bookings, booking_refunds), for every module that reads or writes them:
 * the bookings feature, the slots (busy times) and the simulated payments (whose state is the booking's row).
 */
@Module({
  // AfterCommit here too: the transitions are counted once their transaction commits.
  providers: [BookingRepository, BookingRefundsRepository, BookingMetrics, AfterCommit],
  exports: [BookingRepository, BookingRefundsRepository, BookingMetrics],
})
export class BookingStoreModule {}
