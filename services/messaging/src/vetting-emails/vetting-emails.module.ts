import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { VettingEmailPlanner } from './vetting-email-planner.js';
import { VettingEmailTemplate } from './vetting-email.template.js';

/** The emails to a hunter about the decisions on their profile: planned by the vetted handler, sent by the email job. */
@Module({
  imports: [MailModule, MemberCopiesModule],
  providers: [VettingEmailPlanner, VettingEmailTemplate],
  exports: [VettingEmailPlanner],
})
export class VettingEmailsModule {}
