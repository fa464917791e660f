import { Injectable } from '@nestjs/common';
import { forgetUploadQuotaOf, ModerationService, UserCopies, type UserDataEraser } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { CommentsService } from '../comments/comments.service.js';
import { HunterReviewsService } from '../hunter-reviews/hunter-reviews.service.js';
import { ReviewsService } from '../reviews/reviews.service.js';

/**
 * A deleted member, in reviews (the table in services/reviews/README.md, "Your data"): brand reviews, comments and
 * reviews of hunters they wrote stay as 'Former member' with their words and ratings, and their reports and appeals
 * without their id (no brand's or hunter's rating
 * moves, so no review event is sent); their review photos go; the reviews of their own hunter profile go; the users
 * copy's row and the upload allowance's days go. In the inbox transaction of `identity.user.deleted`; a second run
 * finds nothing left to change.
 */
@Injectable()
export class ReviewsUserDataEraser implements UserDataEraser {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly comments: CommentsService,
    private readonly hunterReviews: HunterReviewsService,
    private readonly users: UserCopies,
    private readonly moderation: ModerationService,
  ) {}

  async erase(manager: EntityManager, userId: string): Promise<void> {
    await this.reviews.eraseAuthor(manager, userId);
    await this.comments.eraseAuthor(manager, userId);
    await this.hunterReviews.eraseMember(manager, userId);
    // Their reports and appeals stay for the queue's record, without their id; so do cases of what they wrote.
    await this.moderation.forgetMember(manager, userId);
    await this.users.forget(manager, userId);
    await forgetUploadQuotaOf(manager, userId);
  }
}
