import { Module } from '@nestjs/common';
import { BookingCopies } from './booking-copies.js';

/**
 * A service's copy of bookings' bookings and their outcomes (table `booking_copies`, created by its own migration
 * with CREATE_BOOKING_COPIES_TABLE): BookingCopies for the features that read it, and what BOOKING_COPY_HANDLERS
 * inject to keep it fed. Import it in `EventsModule.forService({ imports })` and in each feature reading the copy.
 */
@Module({ providers: [BookingCopies], exports: [BookingCopies] })
export class BookingCopiesModule {}
