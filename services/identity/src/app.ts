import { createServiceApp } from '@hunted/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import type { IdentityConfig } from './config.js';

/** Every route but the profile edit (`@BodyLimit(PROFILE_EDIT_BODY_LIMIT)`) takes the platform's 1 MB. */
export function createIdentityApp(config: IdentityConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.forRoot(config), { name: 'identity', config });
}
