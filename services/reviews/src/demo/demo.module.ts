import { Module } from '@nestjs/common';
import { BookingCopiesModule, UserCopiesModule } from '@hunted/platform';
import { HunterReviewsModule } from '../hunter-reviews/hunter-reviews.module.js';
import { DemoDataSeeder } from './demo-data.seeder.js';

/** Writes the demo reviews of hunters through each table's owner: the copies, and the reviews' service. */
@Module({
  imports: [BookingCopiesModule, UserCopiesModule.forService(), HunterReviewsModule],
  providers: [DemoDataSeeder],
  exports: [DemoDataSeeder],
})
export class DemoModule {}
