import { BOOKING_COPY_HANDLERS, BookingCopiesModule, EventsModule, RIGHTS_HANDLERS, serviceAppModule } from '@hunted/platform';
import { AdminBrandsModule } from './admin/admin-brands.module.js';
import { BrandsModule } from './brands/brands.module.js';
import type { BrandsConfig } from './config.js';
import { BrandsCsvModule } from './csv/brands-csv.module.js';
import { migrations } from './database/migrations/index.js';
import { DemoModule } from './demo/demo.module.js';
import { brandsModeration } from './moderation/brand-moderation.module.js';
import { BrandImageFetchModule } from './images/brand-image-fetch.module.js';
import { PassportModule } from './passport/passport.module.js';
import { RATING_EVENT_HANDLERS, RatingsModule } from './ratings/ratings.module.js';
import { SavesModule } from './saves/saves.module.js';
import { TodayModule } from './today/today.module.js';
import { VotesModule } from './votes/votes.module.js';
import { brandsRights, VoteAddressRetentionModule } from './your-data/your-data.module.js';

/** Raw SQL through BrandRepository and each feature's service: no entity classes (docs/architecture.md). */
export class AppModule extends serviceAppModule<BrandsConfig>({
  name: 'brands',
  migrations,
  features: () => [
    BrandsModule,
    TodayModule,
    VotesModule,
    SavesModule,
    DemoModule,
    AdminBrandsModule,
    BrandsCsvModule,
    BrandImageFetchModule,
    RatingsModule,
    PassportModule,
    brandsModeration,
    brandsRights,
    VoteAddressRetentionModule,
    EventsModule.forService({
      consumes: [...RATING_EVENT_HANDLERS, ...BOOKING_COPY_HANDLERS, ...RIGHTS_HANDLERS],
      imports: [RatingsModule, BookingCopiesModule, brandsRights],
    }),
  ],
}) {}
