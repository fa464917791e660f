import { Module } from '@nestjs/common';
import { BookingCopiesModule, UserCopiesModule } from '@hunted/platform';
import { HunterStatusesModule } from '../hunters/hunter-statuses.module.js';
import { DailyReviewLimit } from './daily-review-limit.js';
import { HunterPublicReviewsController, HunterReviewsController } from './hunter-reviews.controller.js';
import { HunterReviewsRepository } from './hunter-reviews.repository.js';
import { HunterReviewsService } from './hunter-reviews.service.js';

@Module({
  imports: [BookingCopiesModule, UserCopiesModule.forService(), HunterStatusesModule],
  controllers: [HunterPublicReviewsController, HunterReviewsController],
  providers: [HunterReviewsRepository, HunterReviewsService, DailyReviewLimit],
  exports: [HunterReviewsService],
})
export class HunterReviewsModule {}
