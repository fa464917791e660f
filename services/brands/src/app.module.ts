import { Module, type DynamicModule } from '@nestjs/common';
import { EventsModule, PlatformModule } from '@hunted/platform';
import { AdminBrandsModule } from './admin/admin-brands.module.js';
import { BoardItemEntity } from './board/board-item.entity.js';
import { BrandEntity } from './brands/brand.entity.js';
import { BrandsModule } from './brands/brands.module.js';
import type { BrandsConfig } from './config.js';
import { BrandsCsvModule } from './csv/brands-csv.module.js';
import { migrations } from './database/migrations/index.js';
import { DemoModule } from './demo/demo.module.js';
import { RATING_EVENT_HANDLERS, RatingsModule } from './ratings/ratings.module.js';
import { SavedBrandEntity } from './saves/saved-brand.entity.js';
import { SavesModule } from './saves/saves.module.js';
import { TodayModule } from './today/today.module.js';
import { VoteEntity } from './votes/vote.entity.js';
import { VotesModule } from './votes/votes.module.js';

export const BRANDS_ENTITIES = [BrandEntity, VoteEntity, SavedBrandEntity, BoardItemEntity];

@Module({})
export class AppModule {
  static forRoot(config: BrandsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: 'brands', config, entities: BRANDS_ENTITIES, migrations }),
        BrandsModule,
        TodayModule,
        VotesModule,
        SavesModule,
        DemoModule,
        AdminBrandsModule,
        BrandsCsvModule,
        RatingsModule,
        EventsModule.forService({ consumes: RATING_EVENT_HANDLERS, imports: [RatingsModule] }),
      ],
    };
  }
}
