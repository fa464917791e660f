import { Module, type DynamicModule, type Type } from '@nestjs/common';
import Stripe from 'stripe';
import { createStripeClient } from './stripe-client.js';
import type { StripeSettings } from './stripe-config.js';
import { StripeEventsRepository } from './stripe-events.repository.js';
import { STRIPE_WEBHOOK_SECRET, StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookService } from './stripe-webhook.service.js';

/** A module that provides and exports `PaymentOutcomeHandler` (the bookings feature; a recording one in tests). */
export type PaymentOutcomesModule = Type<unknown> | DynamicModule;

/**
 * Stripe's webhook (stripe mode only): verifies each event, stores its id once in stripe_events, and hands
 * `payment_intent.succeeded` and `charge.refunded` to the PaymentOutcomeHandler that `outcomes` exports.
 */
@Module({})
export class StripeWebhookModule {
  static register(
    settings: StripeSettings & { STRIPE_WEBHOOK_SECRET: string },
    outcomes: PaymentOutcomesModule,
  ): DynamicModule {
    return {
      module: StripeWebhookModule,
      imports: [outcomes],
      controllers: [StripeWebhookController],
      providers: [
        { provide: Stripe, useFactory: () => createStripeClient(settings) },
        { provide: STRIPE_WEBHOOK_SECRET, useValue: settings.STRIPE_WEBHOOK_SECRET },
        StripeEventsRepository,
        StripeWebhookService,
      ],
    };
  }
}
