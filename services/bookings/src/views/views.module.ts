import { Module } from '@nestjs/common';
import { BookingPages } from './booking-pages.js';
import { BookingViews } from './booking-views.js';

/** The pages' reads of bookings (BookingViews) and their shapes with each reader's flags (BookingPages). */
@Module({
  providers: [BookingViews, BookingPages],
  exports: [BookingViews, BookingPages],
})
export class ViewsModule {}
