import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@hunted/platform';
import type { BrandsConfig } from './config.js';
import { migrations } from './database/migrations/index.js';

@Module({})
export class AppModule {
  static forRoot(config: BrandsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: 'brands', config, entities: [], migrations })],
    };
  }
}
