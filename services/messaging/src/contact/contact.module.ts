import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { ContactEmailJob, contactEmailSend } from './contact-email.job.js';
import { ContactSubmissionRepository } from './contact-submission.repository.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { MailModule } from '../mail/mail.module.js';

@Module({
  imports: [JobsModule.forFeature([contactEmailSend]), MailModule],
  controllers: [ContactController],
  providers: [ContactSubmissionRepository, ContactService, ContactEmailJob],
})
export class ContactModule {}
