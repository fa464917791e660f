import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandRatingsService } from '../brand-ratings.service.js';

@Injectable()
export class ReviewDeletedHandler implements EventHandler<'reviews.review.deleted'> {
  readonly type = 'reviews.review.deleted' as const;

  constructor(private readonly ratings: BrandRatingsService) {}

  async handle(event: IntegrationEvent<'reviews.review.deleted'>, manager: EntityManager): Promise<void> {
    const { reviewId, brandId } = event.data;
    await this.ratings.reviewDeleted(manager, { reviewId, brandId, occurredAt: event.occurredAt });
  }
}
