import { Module } from '@nestjs/common';
import { Mailer } from './mailer.js';

/** One SMTP transport per replica, shared by every feature that sends mail (contact inbox, booking emails). */
@Module({ providers: [Mailer], exports: [Mailer] })
export class MailModule {}
