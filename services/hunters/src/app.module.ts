import {
  BOOKING_COPY_HANDLERS,
  BookingCopiesModule,
  EventsModule,
  RIGHTS_HANDLERS,
  RightsModule,
  serviceAppModule,
  USER_COPY_HANDLERS,
  UserCopiesModule,
} from '@hunted/platform';
import type { HuntersConfig } from './config.js';
import { AvailabilityModule } from './availability/availability.module.js';
import { BrandCreatedHandler } from './brand-copies/events/brand-created.handler.js';
import { BrandDeletedHandler } from './brand-copies/events/brand-deleted.handler.js';
import { BrandModerationDecidedHandler } from './brand-copies/events/brand-moderation-decided.handler.js';
import { BrandUpdatedHandler } from './brand-copies/events/brand-updated.handler.js';
import { migrations } from './database/migrations/index.js';
import { DemoModule } from './demo/demo.module.js';
import { EditsModule } from './edits/edits.module.js';
import { HuntersModule } from './hunters/hunters.module.js';
import { JoiningModule } from './joining/joining.module.js';
import { KnownBrandsModule } from './known-brands/known-brands.module.js';
import { PhotosModule } from './photos/photos.module.js';
import { PicksModule } from './picks/picks.module.js';
import { PayoutAccountUpdatedHandler } from './payouts/events/payout-account-updated.handler.js';
import { HunterRatingChangedHandler } from './ratings/events/hunter-rating-changed.handler.js';
import { BookingCompletedHandler } from './sessions/events/booking-completed.handler.js';
import { StoreModule } from './store/store.module.js';
import { DemoHunterClaim } from './users/demo-hunter-claim.js';
import { VettingModule } from './vetting/vetting.module.js';
import { HuntersDataEraser } from './your-data/hunters-data-eraser.js';
import { HuntersDataExport } from './your-data/hunters-data-export.js';

/**
 * Hunters' side of the people's-rights sagas (issue 36, decision 0098): its part of an export and the erasure of a
 * deleted member. One instance, in the features (its part route) and in the events' imports (RIGHTS_HANDLERS).
 */
const rights = RightsModule.forService({
  service: 'hunters',
  contributor: HuntersDataExport,
  eraser: HuntersDataEraser,
  imports: [StoreModule, EditsModule, BookingCopiesModule, UserCopiesModule.forService()],
});

/** Raw SQL in each aggregate's owner (HunterRepository, UserCopies): no entity classes (docs/architecture.md). */
export class AppModule extends serviceAppModule<HuntersConfig>({
  name: 'hunters',
  migrations,
  features: () => [
    HuntersModule,
    AvailabilityModule,
    PhotosModule,
    VettingModule,
    JoiningModule,
    PicksModule,
    EditsModule,
    KnownBrandsModule,
    rights,
    EventsModule.forService({
      consumes: [
        ...USER_COPY_HANDLERS,
        // The booking copy first: a handler of the same type below runs after it, in the same transaction.
        ...BOOKING_COPY_HANDLERS,
        BookingCompletedHandler,
        PayoutAccountUpdatedHandler,
        HunterRatingChangedHandler,
        BrandCreatedHandler,
        BrandUpdatedHandler,
        BrandDeletedHandler,
        BrandModerationDecidedHandler,
        ...RIGHTS_HANDLERS,
      ],
      imports: [
        UserCopiesModule.forService({ onRegistered: DemoHunterClaim, imports: [StoreModule] }),
        StoreModule,
        BookingCopiesModule,
        rights,
      ],
    }),
    DemoModule,
  ],
}) {}
