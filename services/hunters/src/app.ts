import { createServiceApp } from '@hunted/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import type { HuntersConfig } from './config.js';

/** The hunters application as main.ts runs it and the integration tests start it. */
export function createHuntersApp(config: HuntersConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.forRoot(config), { name: 'hunters', config });
}
