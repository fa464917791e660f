import { createServiceApp } from '@hunted/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import type { ReviewsConfig } from './config.js';

/** Room for three 10 MB photos sent inline as base64 JSON (4/3 of their size, ~40 MB) plus the other fields. */
export const REVIEWS_BODY_LIMIT = 45 * 1024 * 1024;

export function createReviewsApp(config: ReviewsConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.forRoot(config), { name: 'reviews', config, bodyLimit: REVIEWS_BODY_LIMIT });
}
