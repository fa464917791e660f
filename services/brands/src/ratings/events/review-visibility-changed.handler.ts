import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { BrandRatingsService } from '../brand-ratings.service.js';

/** An admin hid a brand review or showed it again: it leaves (or rejoins) the brand's rating. */
@Injectable()
export class ReviewVisibilityChangedHandler implements EventHandler<'reviews.review.visibility-changed'> {
  readonly type = 'reviews.review.visibility-changed' as const;

  constructor(private readonly ratings: BrandRatingsService) {}

  async handle(event: IntegrationEvent<'reviews.review.visibility-changed'>, manager: EntityManager): Promise<void> {
    const { reviewId, brandId, hidden } = event.data;
    await this.ratings.reviewVisibilityChanged(manager, { reviewId, brandId, hidden, occurredAt: event.occurredAt });
  }
}
