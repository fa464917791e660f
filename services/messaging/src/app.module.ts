import { Module, type DynamicModule } from '@nestjs/common';
import {
  BOOKING_COPY_HANDLERS,
  BookingCopiesModule,
  EventsModule,
  PlatformModule,
  RIGHTS_HANDLERS,
  RightsModule,
  USER_COPY_HANDLERS,
} from '@hunted/platform';
import { BookingEmailsModule } from './booking-emails/booking-emails.module.js';
import {
  BookingCancelledHandler,
  BookingCompletedHandler,
  BookingConfirmedHandler,
  BookingRescheduledHandler,
} from './booking-emails/events/booking-change.handlers.js';
import { BookingRefundedHandler } from './booking-emails/events/booking-refunded.handler.js';
import {
  BookingAttendanceMarkedHandler,
  BookingDisputedHandler,
  BookingDisputeResolvedHandler,
  BookingProposalDeclinedHandler,
  BookingTimeProposedHandler,
} from './booking-emails/events/booking-session.handlers.js';
import { MessagingBookingsModule } from './bookings/messaging-bookings.module.js';
import type { MessagingConfig } from './config.js';
import { ContactModule } from './contact/contact.module.js';
import { ConversationsModule } from './conversations/conversations.module.js';
import { ConversationOnBookingConfirmedHandler } from './conversations/events/booking-confirmed.handler.js';
import {
  ConversationsOnHunterCreatedHandler,
  ConversationsOnHunterUpdatedHandler,
} from './conversations/events/hunter-approved.handlers.js';
import { migrations } from './database/migrations/index.js';
import { EditEmailsModule } from './edit-emails/edit-emails.module.js';
import { EmailPreferencesModule } from './email-preferences/email-preferences.module.js';
import { MailModule } from './mail/mail.module.js';
import { DataExportReadyHandler } from './your-data/export-ready-email.js';
import { MessagingDataEraser } from './your-data/messaging-data-eraser.js';
import { MessagingDataExport } from './your-data/messaging-data-export.js';
import { YourDataModule } from './your-data/your-data.module.js';
import {
  HunterEditPublishRequestedHandler,
  HunterEditSentHandler,
  HunterPickChosenHandler,
} from './edit-emails/events/hunter-edit.handlers.js';
import { HunterCreatedHandler } from './hunters/events/hunter-created.handler.js';
import { HunterUpdatedHandler } from './hunters/events/hunter-updated.handler.js';
import { HunterCopiesModule } from './hunters/hunter-copies.module.js';
import { JoiningDetailsChangedHandler } from './hunters/joining/joining-details-changed.handler.js';
import { BrandModerationDecidedHandler, ReviewsModerationDecidedHandler } from './moderation-emails/events/moderation-decided.handlers.js';
import { ModerationEmailsModule } from './moderation-emails/moderation-emails.module.js';
import { MemberCopiesModule } from './users/member-copies.module.js';
import { HunterVettedHandler } from './vetting-emails/events/hunter-vetted.handler.js';
import { VettingEmailsModule } from './vetting-emails/vetting-emails.module.js';

@Module({})
export class AppModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    // One instance for the part route and the rights handlers (decision 0098).
    const rights = RightsModule.forService({
      service: 'messaging',
      contributor: MessagingDataExport,
      eraser: MessagingDataEraser,
      imports: [MailModule, MemberCopiesModule, ConversationsModule, ContactModule],
    });
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: 'messaging', config, entities: [], migrations }),
        ContactModule,
        BookingEmailsModule,
        VettingEmailsModule,
        ModerationEmailsModule,
        EditEmailsModule,
        ConversationsModule,
        EmailPreferencesModule,
        YourDataModule,
        rights,
        // In each event's inbox transaction, in this order (decision 0085): first the copies (the shared booking
        // copy, users, hunters and their joining details), then each feature's own handler of the type, which reads
        // what the copies now hold: the emails, then the conversations a booking or a hunter's approval opens.
        EventsModule.forService({
          consumes: [
            ...BOOKING_COPY_HANDLERS,
            ...USER_COPY_HANDLERS,
            HunterCreatedHandler,
            HunterUpdatedHandler,
            JoiningDetailsChangedHandler,
            HunterVettedHandler,
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
            ConversationOnBookingConfirmedHandler,
            ConversationsOnHunterCreatedHandler,
            ConversationsOnHunterUpdatedHandler,
            DataExportReadyHandler,
            BrandModerationDecidedHandler,
            ReviewsModerationDecidedHandler,
            ...RIGHTS_HANDLERS,
          ],
          imports: [
            MemberCopiesModule,
            HunterCopiesModule,
            BookingCopiesModule,
            MessagingBookingsModule,
            BookingEmailsModule,
            VettingEmailsModule,
            ModerationEmailsModule,
            EditEmailsModule,
            ConversationsModule,
            YourDataModule,
            rights,
          ],
        }),
      ],
    };
  }
}
