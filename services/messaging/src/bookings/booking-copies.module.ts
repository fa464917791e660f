import { Module } from '@nestjs/common';
import { BookingCopies } from './booking-copies.js';

/** The bookings copy (table `bookings`), fed by bookings' events. */
@Module({ providers: [BookingCopies], exports: [BookingCopies] })
export class BookingCopiesModule {}
