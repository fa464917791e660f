import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@hunted/platform';
import type { ReviewsConfig } from './config.js';
import { migrations } from './database/migrations/index.js';

@Module({})
export class AppModule {
  static forRoot(config: ReviewsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: 'reviews', config, entities: [], migrations })],
    };
  }
}
