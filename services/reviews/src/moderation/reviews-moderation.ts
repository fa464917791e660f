import { Module } from '@nestjs/common';
import { ModerationModule } from '@hunted/platform';
import { CommentsModule } from '../comments/comments.module.js';
import { HunterReviewsModule } from '../hunter-reviews/hunter-reviews.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { BrandReviewKind, CommentKind, HunterReviewKind } from './reviews-kinds.js';

/** The three kinds' providers, for the kit. */
@Module({
  imports: [ReviewsModule, CommentsModule, HunterReviewsModule],
  providers: [BrandReviewKind, CommentKind, HunterReviewKind],
  exports: [BrandReviewKind, CommentKind, HunterReviewKind],
})
export class ReviewsKindsModule {}

/**
 * Reporting and moderation of brand reviews, comments and reviews of hunters (issue 37, decision 0101): the
 * platform's kit with this service's kinds; AppModule puts this one instance in its features and reviewsRights
 * imports it (a member's reports and appeals are in their export, and forgotten with them).
 */
export const reviewsModeration = ModerationModule.forService({
  kinds: { 'brand-review': BrandReviewKind, comment: CommentKind, 'hunter-review': HunterReviewKind },
  decidedEvent: 'reviews.moderation.decided',
  imports: [ReviewsKindsModule],
});
