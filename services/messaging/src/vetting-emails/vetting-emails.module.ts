import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { HunterEmailsRepository } from './hunter-emails.repository.js';
import { VettingEmailPlanner } from './vetting-email-planner.js';
import { VettingEmailJob, vettingEmailSend } from './vetting-email.job.js';

/** The emails to a hunter about the decisions on their profile: planned by the vetted handler, sent by the job. */
@Module({
  imports: [JobsModule.forFeature([vettingEmailSend]), MailModule, MemberCopiesModule],
  providers: [HunterEmailsRepository, VettingEmailPlanner, VettingEmailJob],
  exports: [VettingEmailPlanner],
})
export class VettingEmailsModule {}
