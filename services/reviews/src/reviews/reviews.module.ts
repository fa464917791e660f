import { Module } from '@nestjs/common';
import { BrandCopiesModule } from '../brands/brand-copies.module.js';
import { UserCopiesModule } from '../users/user-copies.module.js';
import { BrandPhotosController, ReviewsController } from './reviews.controller.js';
import { ReviewsService } from './reviews.service.js';

@Module({
  imports: [BrandCopiesModule, UserCopiesModule],
  controllers: [ReviewsController, BrandPhotosController],
  providers: [ReviewsService],
})
export class ReviewsModule {}
