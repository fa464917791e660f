import { Module } from '@nestjs/common';
import { UserCopiesModule } from '@hunted/platform';
import { SessionCopiesModule } from '../sessions/session-copies.module.js';
import { AdminHunterReviewsController } from './admin-hunter-reviews.controller.js';
import { HunterPublicReviewsController, HunterReviewsController } from './hunter-reviews.controller.js';
import { HunterReviewsRepository } from './hunter-reviews.repository.js';
import { HunterReviewsService } from './hunter-reviews.service.js';

@Module({
  imports: [SessionCopiesModule, UserCopiesModule.forService()],
  controllers: [HunterPublicReviewsController, HunterReviewsController, AdminHunterReviewsController],
  providers: [HunterReviewsRepository, HunterReviewsService],
  exports: [HunterReviewsService],
})
export class HunterReviewsModule {}
