import { serviceAppModule } from '@hunted/platform';
import { AuthModule } from './auth/auth.module.js';
import type { IdentityConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { UsersModule } from './users/users.module.js';

export class AppModule extends serviceAppModule<IdentityConfig>({
  name: 'identity',
  migrations,
  features: () => [UsersModule, SessionsModule, AuthModule],
}) {}
