import { Module } from '@nestjs/common';
import { BookingCopiesModule, JobsModule } from '@hunted/platform';
import { MessagingBookingsModule } from '../bookings/messaging-bookings.module.js';
import { HunterCopiesModule } from '../hunters/hunter-copies.module.js';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { BookingEmailPlanner } from './booking-email-planner.js';
import { BookingEmailTemplate } from './booking-email.template.js';
import { ReviewRequestSweepJob, reviewRequestSweep } from './review-request.job.js';

/**
 * The emails about bookings: planned by the booking event handlers (and the review request sweep) into the one
 * email ledger, sent by the email job through their template.
 */
@Module({
  imports: [
    JobsModule.forFeature([reviewRequestSweep]),
    MailModule,
    BookingCopiesModule,
    MessagingBookingsModule,
    HunterCopiesModule,
    MemberCopiesModule,
  ],
  providers: [BookingEmailPlanner, BookingEmailTemplate, ReviewRequestSweepJob],
  exports: [BookingEmailPlanner],
})
export class BookingEmailsModule {}
