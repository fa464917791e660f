import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@hunted/platform';
import { AuthModule } from './auth/auth.module.js';
import type { IdentityConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: 'identity', config, entities: [], migrations }),
        UsersModule,
        SessionsModule,
        AuthModule,
      ],
    };
  }
}
