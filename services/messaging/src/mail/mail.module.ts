import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { EmailPlanner } from './email-planner.js';
import { EmailPreferencesRepository } from './email-preferences.repository.js';
import { EmailSendJob, emailSend } from './email-send.job.js';
import { EmailTemplates } from './email-templates.js';
import { Mailer } from './mailer.js';
import { OutboundEmailsRepository } from './outbound-emails.repository.js';

/**
 * Every email this service sends: the one ledger (`outbound_emails`), the one send job (queue `messaging-email`),
 * the registry of templates each feature fills with its kinds, the planner call that writes and queues, and one
 * SMTP transport per replica. Imported by each feature that plans email; Nest makes it one instance for all.
 */
@Module({
  imports: [JobsModule.forFeature([emailSend])],
  providers: [Mailer, OutboundEmailsRepository, EmailTemplates, EmailPlanner, EmailSendJob, EmailPreferencesRepository],
  exports: [OutboundEmailsRepository, EmailTemplates, EmailPlanner, EmailPreferencesRepository],
})
export class MailModule {}
