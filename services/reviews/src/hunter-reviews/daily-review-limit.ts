import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { HUNTER_REVIEW_MESSAGES } from '@hunted/contracts';
import { now, SERVICE_CONFIG, type AuthenticatedUser } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import type { ReviewsConfig } from '../config.js';
import { HunterReviewsRepository } from './hunter-reviews.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * At most HUNTER_REVIEWS_PER_DAY reviews of hunters by one member in any 24 hours of the service clock (`now()`, which
 * a test moves; decision 0096): a member with several held sessions cannot pour them into ratings in one sitting.
 */
@Injectable()
export class DailyReviewLimit {
  private readonly limit: number;

  constructor(
    private readonly reviews: HunterReviewsRepository,
    @Inject(SERVICE_CONFIG) config: ReviewsConfig,
  ) {
    this.limit = config.HUNTER_REVIEWS_PER_DAY;
  }

  /**
   * 429 naming the limit when the author has written it in the last 24 hours. The author's lock is held to the end
   * of the caller's transaction, so a concurrent write of theirs is counted once it commits and two can never both
   * take the last place; a refusal rolls back with that transaction and writes nothing.
   */
  async assertUnder(manager: EntityManager, author: AuthenticatedUser): Promise<void> {
    await this.reviews.lockAuthor(manager, author.id);
    const written = await this.reviews.countWrittenSince(manager, author.id, new Date(now().getTime() - DAY_MS));
    if (written >= this.limit) {
      const body = { statusCode: HttpStatus.TOO_MANY_REQUESTS, message: HUNTER_REVIEW_MESSAGES.perDay(this.limit) };
      throw new HttpException(body, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
