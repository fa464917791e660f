import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { MessagingBookingsModule } from '../bookings/messaging-bookings.module.js';
import { LiveModule } from '../live/live.module.js';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { BookingQuestion } from './booking-question/booking-question.js';
import { ConversationRepository } from './conversation.repository.js';
import { ConversationsController } from './conversations.controller.js';
import { ConversationsService } from './conversations.service.js';
import { MessageNudges, MessageNudgeTemplate } from './message-nudge-email.js';
import { MessageRateLimit } from './message-rate-limit.js';
import { MessageRepository } from './message.repository.js';
import { SendMessageUseCase } from './send-message/send-message.use-case.js';

/** Conversations between a client and a hunter: opened by confirmed bookings, read and written over HTTP, live. */
@Module({
  imports: [
    LiveModule,
    MailModule,
    MemberCopiesModule,
    MessagingBookingsModule,
    // No job kind of its own: AfterCommit, which delivers a booking's question live once its transaction commits.
    JobsModule.forFeature([]),
  ],
  controllers: [ConversationsController],
  providers: [
    ConversationRepository,
    MessageRepository,
    ConversationsService,
    SendMessageUseCase,
    MessageRateLimit,
    MessageNudges,
    MessageNudgeTemplate,
    BookingQuestion,
  ],
  // A confirmed booking opens its conversation (ConversationRepository.open) in the event's inbox transaction
  // and puts the client's question and photos in it (BookingQuestion); a hunter's approval or claim opens the ones
  // held back, with their questions, in its own.
  exports: [ConversationRepository, MessageRepository, BookingQuestion],
})
export class ConversationsModule {}
