import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { MemberCopiesModule } from '../users/member-copies.module.js';
import { EmailPreferencesController } from './email-preferences.controller.js';
import { EmailPreferencesService } from './email-preferences.service.js';

/** Which optional emails a member gets (issue 36): the switches and the unsubscribe link. The email job reads them. */
@Module({
  imports: [MailModule, MemberCopiesModule],
  controllers: [EmailPreferencesController],
  providers: [EmailPreferencesService],
})
export class EmailPreferencesModule {}
