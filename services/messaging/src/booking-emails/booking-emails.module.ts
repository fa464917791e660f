import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { BookingCopiesModule } from '../bookings/booking-copies.module.js';
import { HunterCopiesModule } from '../hunters/hunter-copies.module.js';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { BookingEmailPlanner } from './booking-email-planner.js';
import { BookingEmailJob, bookingEmailSend } from './booking-email.job.js';
import { OutboundEmailsRepository } from './outbound-emails.repository.js';
import { ReviewRequestSweepJob, reviewRequestSweep } from './review-request.job.js';

/**
 * The emails about bookings: planned by the booking event handlers (and the review request sweep), sent by the
 * booking-email job.
 */
@Module({
  imports: [
    JobsModule.forFeature([bookingEmailSend, reviewRequestSweep]),
    MailModule,
    BookingCopiesModule,
    HunterCopiesModule,
    MemberCopiesModule,
  ],
  providers: [OutboundEmailsRepository, BookingEmailPlanner, BookingEmailJob, ReviewRequestSweepJob],
  exports: [BookingEmailPlanner],
})
export class BookingEmailsModule {}
