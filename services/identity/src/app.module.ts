import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@hunted/platform';
import { AuthModule } from './auth/auth.module.js';
import type { IdentityConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { Session } from './sessions/session.entity.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { ProfileImage } from './users/profile-image.entity.js';
import { User } from './users/user.entity.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forService({ name: 'identity', config, entities: [User, ProfileImage, Session], migrations }),
        UsersModule,
        SessionsModule,
        AuthModule,
      ],
    };
  }
}
