import { Module } from '@nestjs/common';
import { BrandPhotosController, ReviewsController } from './reviews.controller.js';
import { ReviewsService } from './reviews.service.js';

@Module({ controllers: [ReviewsController, BrandPhotosController], providers: [ReviewsService] })
export class ReviewsModule {}
