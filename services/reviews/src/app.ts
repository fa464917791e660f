import { createServiceApp } from '@hunted/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import type { ReviewsConfig } from './config.js';

/** Every route but the review post (`@BodyLimit(REVIEW_POST_BODY_LIMIT)`) takes the platform's 1 MB. */
export function createReviewsApp(config: ReviewsConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.forRoot(config), { name: 'reviews', config });
}
