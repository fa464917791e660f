import { Module } from '@nestjs/common';
import { MessagingBookings } from './messaging-bookings.js';

/** Messaging's own facts of bookings (table `bookings`), beside the platform's shared copy; fed by bookings' events. */
@Module({ providers: [MessagingBookings], exports: [MessagingBookings] })
export class MessagingBookingsModule {}
