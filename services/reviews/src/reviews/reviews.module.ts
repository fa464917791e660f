import { Module } from '@nestjs/common';
import { UserCopiesModule } from '@hunted/platform';
import { BrandCopiesModule } from '../brands/brand-copies.module.js';
import { BrandPhotosController, ReviewsController } from './reviews.controller.js';
import { ReviewsService } from './reviews.service.js';

@Module({
  imports: [BrandCopiesModule, UserCopiesModule.forService()],
  controllers: [ReviewsController, BrandPhotosController],
  providers: [ReviewsService],
  exports: [ReviewsService],
})
export class ReviewsModule {}
