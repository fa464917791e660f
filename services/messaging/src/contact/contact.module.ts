import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { ContactEmailTemplate } from './contact-email.template.js';
import { ContactSubmissionRepository } from './contact-submission.repository.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';

@Module({
  imports: [MailModule],
  controllers: [ContactController],
  providers: [ContactSubmissionRepository, ContactService, ContactEmailTemplate],
  exports: [ContactSubmissionRepository],
})
export class ContactModule {}
