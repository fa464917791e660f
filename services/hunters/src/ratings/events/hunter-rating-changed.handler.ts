import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EventHandler } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterRepository } from '../../store/hunter.repository.js';

/**
 * A hunter's rating changed (reviews owns the reviews: one written, hidden or shown again): its average, count and
 * sum of stars become the profile's `rating`, `reviewCount` and the sum 'Our top picks' ranks on, in the inbox
 * transaction. An event older than the one applied last changes nothing, so a replay or a late delivery never
 * brings back a stale rating.
 */
@Injectable()
export class HunterRatingChangedHandler implements EventHandler<'reviews.hunter-rating.changed'> {
  readonly type = 'reviews.hunter-rating.changed' as const;

  constructor(private readonly hunters: HunterRepository) {}

  async handle(event: IntegrationEvent<'reviews.hunter-rating.changed'>, manager: EntityManager): Promise<void> {
    await this.hunters.applyRating(manager, event.data.hunterId, event.data, event.occurredAt);
  }
}
