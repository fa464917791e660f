import { EventsModule, serviceAppModule, USER_COPY_HANDLERS, UserCopiesModule } from '@hunted/platform';
import { BrandCopiesModule } from './brands/brand-copies.module.js';
import { BrandCreatedHandler } from './brands/events/brand-created.handler.js';
import { BrandDeletedHandler } from './brands/events/brand-deleted.handler.js';
import { CommentsModule } from './comments/comments.module.js';
import type { ReviewsConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { PhotosModule } from './photos/photos.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';

/** Raw SQL in each aggregate's owner (services, BrandCopies, UserCopies): no entity classes (docs/architecture.md). */
export class AppModule extends serviceAppModule<ReviewsConfig>({
  name: 'reviews',
  migrations,
  features: () => [
    ReviewsModule,
    PhotosModule,
    CommentsModule,
    EventsModule.forService({
      consumes: [...USER_COPY_HANDLERS, BrandCreatedHandler, BrandDeletedHandler],
      imports: [BrandCopiesModule, UserCopiesModule.forService()],
    }),
  ],
}) {}
