import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandRatingsService } from '../brand-ratings.service.js';

@Injectable()
export class ReviewUpdatedHandler implements EventHandler<'reviews.review.updated'> {
  readonly type = 'reviews.review.updated' as const;

  constructor(private readonly ratings: BrandRatingsService) {}

  async handle(event: IntegrationEvent<'reviews.review.updated'>, manager: EntityManager): Promise<void> {
    const { reviewId, brandId, rating, userId } = event.data;
    await this.ratings.reviewUpdated(manager, { reviewId, brandId, rating, userId, occurredAt: event.occurredAt });
  }
}
