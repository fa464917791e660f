import { createServiceApp } from '@hunted/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule, type BookingsAppOptions } from './app.module.js';
import type { BookingsConfig } from './config.js';

/** The bookings application as main.ts runs it and the integration tests start it. */
export function createBookingsApp(config: BookingsConfig, options: BookingsAppOptions = {}): Promise<NestFastifyApplication> {
  // rawBody: Stripe's webhook signature is over the body's exact bytes (see payments/stripe-webhook.controller.ts).
  return createServiceApp(AppModule.forRoot(config, options), { name: 'bookings', config, rawBody: true });
}
