import { EventsModule, serviceAppModule, USER_COPY_HANDLERS, UserCopiesModule } from '@hunted/platform';
import { BrandCopiesModule } from './brands/brand-copies.module.js';
import { BrandCreatedHandler } from './brands/events/brand-created.handler.js';
import { BrandDeletedHandler } from './brands/events/brand-deleted.handler.js';
import { CommentsModule } from './comments/comments.module.js';
import type { ReviewsConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { DemoModule } from './demo/demo.module.js';
import { HunterCreatedOwnerHandler, HunterUpdatedOwnerHandler } from './hunters/events/hunter-owner.handler.js';
import { HunterReviewsModule } from './hunter-reviews/hunter-reviews.module.js';
import { PhotosModule } from './photos/photos.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { BOOKING_SESSION_HANDLERS } from './sessions/events/booking-session.handler.js';
import { SessionCopiesModule } from './sessions/session-copies.module.js';

/** Raw SQL in each aggregate's owner (services, BrandCopies, UserCopies): no entity classes (docs/architecture.md). */
export class AppModule extends serviceAppModule<ReviewsConfig>({
  name: 'reviews',
  migrations,
  features: () => [
    ReviewsModule,
    PhotosModule,
    CommentsModule,
    HunterReviewsModule,
    DemoModule,
    // The session copy (whether a client may review a hunter) is written only from bookings' events.
    EventsModule.forService({
      consumes: [
        ...USER_COPY_HANDLERS,
        BrandCreatedHandler,
        BrandDeletedHandler,
        ...BOOKING_SESSION_HANDLERS,
        HunterCreatedOwnerHandler,
        HunterUpdatedOwnerHandler,
      ],
      imports: [BrandCopiesModule, SessionCopiesModule, UserCopiesModule.forService()],
    }),
  ],
}) {}
