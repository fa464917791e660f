import { Module, type DynamicModule } from '@nestjs/common';
import { EventsModule, PlatformModule } from '@hunted/platform';
import { BookingsModule } from './bookings/bookings.module.js';
import type { BookingsConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { AvailabilityChangedHandler } from './hunters/events/availability-changed.handler.js';
import { HunterCreatedHandler } from './hunters/events/hunter-created.handler.js';
import { HunterUpdatedHandler } from './hunters/events/hunter-updated.handler.js';
import { HunterCopiesModule } from './hunters/hunter-copies.module.js';
import { SlotsModule } from './slots/slots.module.js';
import { UserRegisteredHandler } from './users/events/user-registered.handler.js';
import { UserUpdatedHandler } from './users/events/user-updated.handler.js';
import { UserCopiesModule } from './users/user-copies.module.js';

@Module({})
export class AppModule {
  static forRoot(config: BookingsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // Raw SQL in each table's owner (BookingRepository, HunterCopies, UserCopies): no entity classes.
        PlatformModule.forService({ name: 'bookings', config, entities: [], migrations }),
        SlotsModule,
        BookingsModule,
        EventsModule.forService({
          consumes: [
            HunterCreatedHandler,
            HunterUpdatedHandler,
            AvailabilityChangedHandler,
            UserRegisteredHandler,
            UserUpdatedHandler,
          ],
          imports: [HunterCopiesModule, UserCopiesModule],
        }),
      ],
    };
  }
}
