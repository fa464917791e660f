import { createServiceApp } from '@hunted/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import type { IdentityConfig } from './config.js';

/** Room for a 5 MB photo sent inline as base64 JSON (4/3 of its size) plus the other fields. */
export const IDENTITY_BODY_LIMIT = 8 * 1024 * 1024;

export function createIdentityApp(config: IdentityConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.forRoot(config), { name: 'identity', config, bodyLimit: IDENTITY_BODY_LIMIT });
}
