import { Module } from '@nestjs/common';
import { BrandsModule } from '../brands/brands.module.js';
import { BrandRatingsService } from './brand-ratings.service.js';
import { ReviewCreatedHandler } from './events/review-created.handler.js';
import { ReviewDeletedHandler } from './events/review-deleted.handler.js';
import { ReviewUpdatedHandler } from './events/review-updated.handler.js';
import { ReviewVisibilityChangedHandler } from './events/review-visibility-changed.handler.js';

/** The review events this service consumes; registered in AppModule's one EventsModule.forService call. */
export const RATING_EVENT_HANDLERS = [ReviewCreatedHandler, ReviewUpdatedHandler, ReviewDeletedHandler, ReviewVisibilityChangedHandler];

@Module({ imports: [BrandsModule], providers: [BrandRatingsService], exports: [BrandRatingsService] })
export class RatingsModule {}
