import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { LiveModule } from '../live/live.module.js';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { ConversationOpener } from './conversation-opener.js';
import { ConversationsController } from './conversations.controller.js';
import { ConversationsService } from './conversations.service.js';
import { MessageNudgeJob, MessageNudges, messageNudge } from './message-nudge.job.js';
import { MessageRateLimit } from './message-rate-limit.js';

/** Conversations between a client and a hunter: opened by confirmed bookings, read and written over HTTP, live. */
@Module({
  imports: [LiveModule, MailModule, MemberCopiesModule, JobsModule.forFeature([messageNudge])],
  controllers: [ConversationsController],
  providers: [ConversationsService, ConversationOpener, MessageRateLimit, MessageNudges, MessageNudgeJob],
  exports: [ConversationOpener],
})
export class ConversationsModule {}
