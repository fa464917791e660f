import { Module } from '@nestjs/common';
import { BookingCopiesModule } from '@hunted/platform';
import { BrandsModule } from '../brands/brands.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { SavesModule } from '../saves/saves.module.js';
import { VotesModule } from '../votes/votes.module.js';
import { FilterHabitsModule } from './filter-habits.module.js';
import { StylePassportController } from './style-passport.controller.js';
import { StylePassportService } from './style-passport.service.js';

/**
 * The style passport: the member's own, and a booking's as shared with its hunter. Reads each part through its
 * owner (saves, votes, ratings, filter habits, the brands themselves); who may read a booking's passport, and until
 * when, is the platform's booking copy (decision 0085): the outcome bookings published, kept by BOOKING_COPY_HANDLERS.
 */
@Module({
  imports: [BrandsModule, SavesModule, VotesModule, RatingsModule, FilterHabitsModule, BookingCopiesModule],
  controllers: [StylePassportController],
  providers: [StylePassportService],
})
export class PassportModule {}
