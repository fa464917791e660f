import { Module } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import { ContactEmailJob, contactEmailSend } from './contact-email.job.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { Mailer } from './mailer.js';

@Module({
  imports: [JobsModule.forFeature([contactEmailSend])],
  controllers: [ContactController],
  providers: [ContactService, ContactEmailJob, Mailer],
})
export class ContactModule {}
