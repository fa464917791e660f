import {
  BOOKING_COPY_HANDLERS,
  BookingCopiesModule,
  EventsModule,
  RIGHTS_HANDLERS,
  serviceAppModule,
  USER_COPY_HANDLERS,
  UserCopiesModule,
} from '@hunted/platform';
import { BrandCopiesModule } from './brands/brand-copies.module.js';
import { BrandCreatedHandler } from './brands/events/brand-created.handler.js';
import { BrandDeletedHandler } from './brands/events/brand-deleted.handler.js';
import { CommentsModule } from './comments/comments.module.js';
import type { ReviewsConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { DemoModule } from './demo/demo.module.js';
import { HunterCreatedHandler, HunterUpdatedHandler } from './hunters/events/hunter-news.handler.js';
import { HunterStatusesModule } from './hunters/hunter-statuses.module.js';
import { BookingOutcomeRestatedReviewHandler } from './hunter-reviews/events/booking-outcome-restated.handler.js';
import { HunterReviewsModule } from './hunter-reviews/hunter-reviews.module.js';
import { reviewsModeration } from './moderation/reviews-moderation.js';
import { PhotosModule } from './photos/photos.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { reviewsRights } from './your-data/reviews-rights.js';

/** Raw SQL in each aggregate's owner (services, BrandCopies, UserCopies): no entity classes (docs/architecture.md). */
export class AppModule extends serviceAppModule<ReviewsConfig>({
  name: 'reviews',
  migrations,
  features: () => [
    ReviewsModule,
    PhotosModule,
    CommentsModule,
    HunterReviewsModule,
    reviewsModeration,
    DemoModule,
    reviewsRights,
    // The booking copy (whether a client may review a hunter: the outcome bookings published) is written only from
    // bookings' events, by the platform's handlers.
    EventsModule.forService({
      consumes: [
        ...USER_COPY_HANDLERS,
        BrandCreatedHandler,
        BrandDeletedHandler,
        ...BOOKING_COPY_HANDLERS,
        // After the copy took the restated outcome: decides the booking's earlier review (decision 0090).
        BookingOutcomeRestatedReviewHandler,
        HunterCreatedHandler,
        HunterUpdatedHandler,
        ...RIGHTS_HANDLERS,
      ],
      imports: [
        BrandCopiesModule,
        BookingCopiesModule,
        UserCopiesModule.forService(),
        HunterStatusesModule,
        HunterReviewsModule,
        reviewsRights,
      ],
    }),
  ],
}) {}
