import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@hunted/platform';
import type { BookingsConfig } from './config.js';
import { migrations } from './database/migrations/index.js';

@Module({})
export class AppModule {
  static forRoot(config: BookingsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: 'bookings', config, entities: [], migrations })],
    };
  }
}
