import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { JobsModule } from '@hunted/platform';
import Stripe from 'stripe';
import { createStripeClient } from './stripe-client.js';
import type { StripeSettings } from './stripe-config.js';
import { StripeEventsPruneJob, stripeEventsPrune } from './stripe-events-prune.job.js';
import { StripeEventsRepository } from './stripe-events.repository.js';
import { STRIPE_WEBHOOK_SECRET, StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookService } from './stripe-webhook.service.js';

/** A module that provides and exports `PaymentOutcomeHandler` (the bookings feature; a recording one in tests). */
export type PaymentOutcomesModule = Type<unknown> | DynamicModule;

/**
 * Stripe's webhook (stripe mode only): verifies each event, stores its id once in stripe_events (pruned hourly
 * after `STRIPE_EVENT_RETENTION_DAYS`), and hands `payment_intent.succeeded` and `refund.created`/`.updated`/
 * `.failed` to the PaymentOutcomeHandler that `outcomes` exports, in the transaction that stores the id.
 */
@Module({})
export class StripeWebhookModule {
  static register(
    settings: StripeSettings & { STRIPE_WEBHOOK_SECRET: string },
    outcomes: PaymentOutcomesModule,
  ): DynamicModule {
    return {
      module: StripeWebhookModule,
      imports: [outcomes, JobsModule.forFeature([stripeEventsPrune])],
      controllers: [StripeWebhookController],
      providers: [
        { provide: Stripe, useFactory: () => createStripeClient(settings) },
        { provide: STRIPE_WEBHOOK_SECRET, useValue: settings.STRIPE_WEBHOOK_SECRET },
        StripeEventsRepository,
        StripeWebhookService,
        StripeEventsPruneJob,
      ],
    };
  }
}
