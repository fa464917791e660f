import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@hunted/platform';
import type { HuntersConfig } from './config.js';
import { migrations } from './database/migrations/index.js';

@Module({})
export class AppModule {
  static forRoot(config: HuntersConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: 'hunters', config, entities: [], migrations })],
    };
  }
}
