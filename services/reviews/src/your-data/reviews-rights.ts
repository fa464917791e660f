import { RightsModule, UserCopiesModule } from '@hunted/platform';
import { CommentsModule } from '../comments/comments.module.js';
import { HunterReviewsModule } from '../hunter-reviews/hunter-reviews.module.js';
import { reviewsModeration } from '../moderation/reviews-moderation.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { ReviewsDataExport } from './reviews-data-export.js';
import { ReviewsUserDataEraser } from './reviews-user-data-eraser.js';

/**
 * The reviews side of the people's-rights sagas (issue 36, decision 0098): its part of an export and its route, and
 * what RIGHTS_HANDLERS need; AppModule puts this one instance in its features and in EventsModule's imports.
 */
export const reviewsRights = RightsModule.forService({
  service: 'reviews',
  contributor: ReviewsDataExport,
  eraser: ReviewsUserDataEraser,
  imports: [ReviewsModule, CommentsModule, HunterReviewsModule, reviewsModeration, UserCopiesModule.forService()],
});
