import { Module, type DynamicModule } from '@nestjs/common';
import { EventsModule, PlatformModule } from '@hunted/platform';
import type { HuntersConfig } from './config.js';
import { AvailabilityModule } from './availability/availability.module.js';
import { migrations } from './database/migrations/index.js';
import { DemoModule } from './demo/demo.module.js';
import { HuntersModule } from './hunters/hunters.module.js';
import { PhotosModule } from './photos/photos.module.js';
import { BookingCompletedHandler } from './sessions/events/booking-completed.handler.js';
import { UserRegisteredHandler } from './users/events/user-registered.handler.js';
import { UserUpdatedHandler } from './users/events/user-updated.handler.js';
import { UserCopiesModule } from './users/user-copies.module.js';

@Module({})
export class AppModule {
  static forRoot(config: HuntersConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // Raw SQL in each aggregate's owner (HunterRepository, UserCopies): no entity classes (docs/architecture.md).
        PlatformModule.forService({ name: 'hunters', config, entities: [], migrations }),
        HuntersModule,
        AvailabilityModule,
        PhotosModule,
        EventsModule.forService({
          consumes: [UserRegisteredHandler, UserUpdatedHandler, BookingCompletedHandler],
          imports: [UserCopiesModule, HuntersModule],
        }),
        DemoModule,
      ],
    };
  }
}
