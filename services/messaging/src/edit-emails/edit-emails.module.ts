import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { EditEmailPlanner } from './edit-email-planner.js';
import { EditEmailJob, editEmailSend } from './edit-email.job.js';
import { EditEmailsRepository } from './edit-emails.repository.js';

/** The client's Hunter Edit emails (issue 25): planned by the hunters event handlers, sent by the job. */
@Module({
  imports: [JobsModule.forFeature([editEmailSend]), MailModule, MemberCopiesModule],
  providers: [EditEmailsRepository, EditEmailPlanner, EditEmailJob],
  exports: [EditEmailPlanner],
})
export class EditEmailsModule {}
