import { createServiceApp } from '@hunted/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import type { BookingsConfig } from './config.js';

/** The bookings application as main.ts runs it and the integration tests start it. */
export function createBookingsApp(config: BookingsConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.forRoot(config), { name: 'bookings', config });
}
