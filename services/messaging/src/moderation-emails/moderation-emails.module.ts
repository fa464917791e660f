import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { ModerationEmailPlanner, ModerationEmailTemplate } from './moderation-emails.js';

/** The emails of moderation decisions (issue 37): planned by the decided handlers, sent by the email job. */
@Module({
  imports: [MailModule, MemberCopiesModule],
  providers: [ModerationEmailPlanner, ModerationEmailTemplate],
  exports: [ModerationEmailPlanner],
})
export class ModerationEmailsModule {}
