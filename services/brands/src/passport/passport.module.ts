import { Module } from '@nestjs/common';
import { BrandsModule } from '../brands/brands.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { SavesModule } from '../saves/saves.module.js';
import { VotesModule } from '../votes/votes.module.js';
import { PASSPORT_EVENT_HANDLERS } from './events/booking-grant.handlers.js';
import { FilterHabitsModule } from './filter-habits.module.js';
import { PassportGrants } from './passport-grants.repository.js';
import { StylePassportController } from './style-passport.controller.js';
import { StylePassportService } from './style-passport.service.js';

export { PASSPORT_EVENT_HANDLERS };

/**
 * The style passport: the member's own, and a booking's as shared with its hunter. Reads each part through its
 * owner (saves, votes, ratings, filter habits, the brands themselves); owns passport_grants, fed by bookings' events
 * (the handlers are registered in AppModule's one EventsModule.forService call).
 */
@Module({
  imports: [BrandsModule, SavesModule, VotesModule, RatingsModule, FilterHabitsModule],
  controllers: [StylePassportController],
  providers: [PassportGrants, StylePassportService],
  exports: [PassportGrants],
})
export class PassportModule {}
