import { Module, type DynamicModule } from '@nestjs/common';
import { EventsModule, PlatformModule } from '@hunted/platform';
import { BrandCopy } from './brands/brand-copy.entity.js';
import { BrandCreatedHandler } from './brands/events/brand-created.handler.js';
import { BrandDeletedHandler } from './brands/events/brand-deleted.handler.js';
import { CommentEntity } from './comments/comment.entity.js';
import { CommentsModule } from './comments/comments.module.js';
import type { ReviewsConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { PhotosModule } from './photos/photos.module.js';
import { ReviewPhoto } from './reviews/review-photo.entity.js';
import { ReviewEntity } from './reviews/review.entity.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { UserRegisteredHandler } from './users/events/user-registered.handler.js';
import { UserUpdatedHandler } from './users/events/user-updated.handler.js';
import { UserCopy } from './users/user-copy.entity.js';

export const reviewsEntities = [ReviewEntity, ReviewPhoto, CommentEntity, UserCopy, BrandCopy];

@Module({})
export class AppModule {
  static forRoot(config: ReviewsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: 'reviews', config, entities: reviewsEntities, migrations }),
        ReviewsModule,
        PhotosModule,
        CommentsModule,
        EventsModule.forService({
          consumes: [UserRegisteredHandler, UserUpdatedHandler, BrandCreatedHandler, BrandDeletedHandler],
        }),
      ],
    };
  }
}
