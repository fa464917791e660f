import { Module } from '@nestjs/common';
import { TermsAcceptances } from './terms-acceptances.js';
import { TermsAcceptancesController } from './terms-acceptances.controller.js';
import { TimeZoneController } from './time-zone.controller.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [UsersController, TermsAcceptancesController, TimeZoneController],
  providers: [UsersService, TermsAcceptances],
  exports: [UsersService, TermsAcceptances],
})
export class UsersModule {}
