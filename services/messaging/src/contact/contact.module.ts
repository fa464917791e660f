import { Module } from '@nestjs/common';
import { ContactEmailQueue } from './contact-email.queue.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { Mailer } from './mailer.js';

@Module({
  controllers: [ContactController],
  providers: [ContactService, ContactEmailQueue, Mailer],
})
export class ContactModule {}
