import { Module } from '@nestjs/common';
import { BookingCopiesModule, UserCopiesModule } from '@hunted/platform';
import { AdminHunterReviewsController } from './admin-hunter-reviews.controller.js';
import { HunterPublicReviewsController, HunterReviewsController } from './hunter-reviews.controller.js';
import { HunterReviewsRepository } from './hunter-reviews.repository.js';
import { HunterReviewsService } from './hunter-reviews.service.js';

@Module({
  imports: [BookingCopiesModule, UserCopiesModule.forService()],
  controllers: [HunterPublicReviewsController, HunterReviewsController, AdminHunterReviewsController],
  providers: [HunterReviewsRepository, HunterReviewsService],
  exports: [HunterReviewsService],
})
export class HunterReviewsModule {}
