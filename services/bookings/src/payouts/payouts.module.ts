import { Module, type DynamicModule } from '@nestjs/common';
import { SERVICE_CONFIG } from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { HunterCopiesModule } from '../hunters/hunter-copies.module.js';
import { StoreModule } from '../store/store.module.js';
import { ViewsModule } from '../views/views.module.js';
import { createStripeClient } from '../payments/stripe-client.js';
import { StripeEventsRepository } from '../payments/stripe-events.repository.js';
import { ConnectClient } from './connect-client.js';
import { ConnectWebhookController, STRIPE_CONNECT_WEBHOOK_SECRET } from './connect-webhook.controller.js';
import { ConnectWebhookService } from './connect-webhook.service.js';
import { EarningsController } from './earnings.controller.js';
import { EarningsService } from './earnings.service.js';
import { PayoutsController } from './payouts.controller.js';
import { PayoutsService } from './payouts.service.js';

/** The Stripe Connect client (none in simulated mode); also the closure job's (your-data/). */
export const connectClient = {
  provide: ConnectClient,
  inject: [SERVICE_CONFIG],
  useFactory: (config: BookingsConfig) =>
    new ConnectClient(config.STRIPE_SECRET_KEY ? createStripeClient(config) : null),
};

/**
 * Hunters' payouts: their connected accounts (Stripe Connect Express, or simulated without Stripe keys), the
 * onboarding links, the earnings and their CSV; and, in stripe mode with `STRIPE_CONNECT_WEBHOOK_SECRET`, Connect's
 * webhook (`POST /api/stripe/connect-webhook`).
 */
@Module({})
export class PayoutsModule {
  static register(config: BookingsConfig): DynamicModule {
    const secret = config.STRIPE_SECRET_KEY ? config.STRIPE_CONNECT_WEBHOOK_SECRET : undefined;
    return {
      module: PayoutsModule,
      imports: [StoreModule, ViewsModule, HunterCopiesModule],
      controllers: [PayoutsController, EarningsController, ...(secret ? [ConnectWebhookController] : [])],
      providers: [
        connectClient,
        PayoutsService,
        EarningsService,
        ...(secret
          ? [
              { provide: STRIPE_CONNECT_WEBHOOK_SECRET, useValue: secret },
              StripeEventsRepository,
              ConnectWebhookService,
            ]
          : []),
      ],
    };
  }
}
