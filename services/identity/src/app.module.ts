import { EventsModule, serviceAppModule } from '@hunted/platform';
import { AuthModule } from './auth/auth.module.js';
import type { IdentityConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { UsersModule } from './users/users.module.js';
import { RIGHTS_SAGA_HANDLERS } from './your-data/events/rights-saga.handlers.js';
import { YourDataModule } from './your-data/your-data.module.js';

export class AppModule extends serviceAppModule<IdentityConfig>({
  name: 'identity',
  migrations,
  features: () => [
    UsersModule,
    SessionsModule,
    AuthModule,
    YourDataModule,
    // Identity consumes only the answers of the two sagas it starts (decision 0098).
    EventsModule.forService({ consumes: RIGHTS_SAGA_HANDLERS, imports: [YourDataModule] }),
  ],
}) {}
