import { Module } from '@nestjs/common';
import { BookingRefundsRepository } from './booking-refunds.repository.js';
import { BookingRepository } from './booking.repository.js';

/**
 * The owners of bookings' tables (hunter_bookings, booking_refunds), for every module that reads or writes them:
 * the bookings feature, the slots (busy times) and the simulated payments (whose state is the booking's row).
 */
@Module({
  providers: [BookingRepository, BookingRefundsRepository],
  exports: [BookingRepository, BookingRefundsRepository],
})
export class BookingStoreModule {}
