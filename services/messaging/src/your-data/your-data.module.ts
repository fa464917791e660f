import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { EmailBodyRetentionJob, emailBodyRetention } from './email-body-retention.job.js';
import { ExportReadyEmailTemplate } from './export-ready-email.js';

/**
 * Messaging's side of "Your data, your say" beside the rights kit (`RightsModule`, made in app.module.ts with the
 * contributor and the eraser): the export-ready email and the retention of sent emails' text.
 */
@Module({
  imports: [JobsModule.forFeature([emailBodyRetention]), MailModule, MemberCopiesModule],
  providers: [ExportReadyEmailTemplate, EmailBodyRetentionJob],
  // What the export-ready handler (run by EventsModule) needs.
  exports: [MailModule, MemberCopiesModule],
})
export class YourDataModule {}
