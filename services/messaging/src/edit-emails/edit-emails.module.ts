import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { EditEmailPlanner } from './edit-email-planner.js';
import { EditEmailTemplate } from './edit-email.template.js';

/** The Hunter Edit and Hunter's Pick emails: planned by the hunters event handlers, sent by the email job. */
@Module({
  imports: [MailModule, MemberCopiesModule],
  providers: [EditEmailPlanner, EditEmailTemplate],
  exports: [EditEmailPlanner],
})
export class EditEmailsModule {}
