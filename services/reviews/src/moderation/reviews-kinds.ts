import { Injectable } from '@nestjs/common';
import type { ModeratedItem, ModeratedKind } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { CommentsService } from '../comments/comments.service.js';
import { HunterReviewsService } from '../hunter-reviews/hunter-reviews.service.js';
import { ReviewsService } from '../reviews/reviews.service.js';

/** Brand reviews for the moderation kit (decision 0101): a hidden one leaves the brand's lists, counts and rating. */
@Injectable()
export class BrandReviewKind implements ModeratedKind {
  readonly kind = 'brand-review';

  constructor(private readonly reviews: ReviewsService) {}

  load(manager: EntityManager, itemIds: readonly number[]): Promise<Map<number, ModeratedItem>> {
    return this.reviews.moderatedItems(manager, itemIds);
  }

  setHidden(manager: EntityManager, itemId: number, hidden: boolean): Promise<void> {
    return this.reviews.setHidden(manager, itemId, hidden);
  }
}

/** Comments for the moderation kit: a hidden one leaves the brand's comments and their count. */
@Injectable()
export class CommentKind implements ModeratedKind {
  readonly kind = 'comment';

  constructor(private readonly comments: CommentsService) {}

  load(manager: EntityManager, itemIds: readonly number[]): Promise<Map<number, ModeratedItem>> {
    return this.comments.moderatedItems(manager, itemIds);
  }

  setHidden(manager: EntityManager, itemId: number, hidden: boolean): Promise<void> {
    return this.comments.setHidden(manager, itemId, hidden);
  }
}

/** Reviews of hunters for the moderation kit: a hidden one leaves the hunter's page and rating. */
@Injectable()
export class HunterReviewKind implements ModeratedKind {
  readonly kind = 'hunter-review';

  constructor(private readonly hunterReviews: HunterReviewsService) {}

  load(manager: EntityManager, itemIds: readonly number[]): Promise<Map<number, ModeratedItem>> {
    return this.hunterReviews.moderatedItems(manager, itemIds);
  }

  setHidden(manager: EntityManager, itemId: number, hidden: boolean): Promise<void> {
    return this.hunterReviews.setHidden(manager, itemId, hidden);
  }
}
