import { Module, type DynamicModule } from '@nestjs/common';
import { BOOKING_COPY_HANDLERS, BookingCopiesModule, EventsModule, PlatformModule, USER_COPY_HANDLERS } from '@hunted/platform';
import { BookingEmailsModule } from './booking-emails/booking-emails.module.js';
import { MessagingBookingsModule } from './bookings/messaging-bookings.module.js';
import {
  BookingCancelledHandler,
  BookingCompletedHandler,
  BookingConfirmedHandler,
  BookingRescheduledHandler,
} from './bookings/events/booking-change.handlers.js';
import { BookingRefundedHandler } from './bookings/events/booking-refunded.handler.js';
import {
  BookingAttendanceMarkedHandler,
  BookingDisputedHandler,
  BookingDisputeResolvedHandler,
  BookingProposalDeclinedHandler,
  BookingTimeProposedHandler,
} from './bookings/events/booking-session.handlers.js';
import type { MessagingConfig } from './config.js';
import { ContactModule } from './contact/contact.module.js';
import { ConversationsModule } from './conversations/conversations.module.js';
import { migrations } from './database/migrations/index.js';
import { EditEmailsModule } from './edit-emails/edit-emails.module.js';
import {
  HunterEditPublishRequestedHandler,
  HunterEditSentHandler,
  HunterPickChosenHandler,
} from './edit-emails/events/hunter-edit.handlers.js';
import { HunterCreatedHandler } from './hunters/events/hunter-created.handler.js';
import { HunterUpdatedHandler } from './hunters/events/hunter-updated.handler.js';
import { HunterVettedHandler } from './hunters/events/hunter-vetted.handler.js';
import { HunterCopiesModule } from './hunters/hunter-copies.module.js';
import { JoiningDetailsChangedHandler } from './hunters/joining/joining-details-changed.handler.js';
import { MemberCopiesModule } from './users/member-copies.module.js';
import { VettingEmailsModule } from './vetting-emails/vetting-emails.module.js';

@Module({})
export class AppModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: 'messaging', config, entities: [], migrations }),
        ContactModule,
        BookingEmailsModule,
        VettingEmailsModule,
        EditEmailsModule,
        ConversationsModule,
        // Copies of users, hunters and bookings, each written in the inbox transaction of the event that changed it;
        // a confirmed booking also opens its conversation there. The shared booking copy's handlers come first: the
        // email handlers of the same types run after them, in the same transaction, and read what they wrote.
        EventsModule.forService({
          consumes: [
            ...BOOKING_COPY_HANDLERS,
            ...USER_COPY_HANDLERS,
            HunterCreatedHandler,
            HunterUpdatedHandler,
            HunterVettedHandler,
            JoiningDetailsChangedHandler,
            HunterEditSentHandler,
            HunterEditPublishRequestedHandler,
            HunterPickChosenHandler,
            BookingConfirmedHandler,
            BookingRescheduledHandler,
            BookingCancelledHandler,
            BookingCompletedHandler,
            BookingRefundedHandler,
            BookingAttendanceMarkedHandler,
            BookingDisputedHandler,
            BookingDisputeResolvedHandler,
            BookingTimeProposedHandler,
            BookingProposalDeclinedHandler,
          ],
          imports: [
            MemberCopiesModule,
            HunterCopiesModule,
            BookingCopiesModule,
            MessagingBookingsModule,
            BookingEmailsModule,
            VettingEmailsModule,
            EditEmailsModule,
            ConversationsModule,
          ],
        }),
      ],
    };
  }
}
