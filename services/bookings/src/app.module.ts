import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@hunted/platform';
import type { BookingsConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { PaymentConfigController } from './payments/payment-config.controller.js';
import { StripeWebhookModule, type PaymentOutcomesModule } from './payments/stripe-webhook.module.js';

export interface BookingsAppOptions {
  /**
   * The module exporting the `PaymentOutcomeHandler` the Stripe webhook reports to. Without one (until the
   * bookings feature provides it) there is no webhook route; tests give a recording one.
   */
  paymentOutcomes?: PaymentOutcomesModule;
}

@Module({})
export class AppModule {
  static forRoot(config: BookingsConfig, options: BookingsAppOptions = {}): DynamicModule {
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = config;
    const stripeWebhook =
      STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET && options.paymentOutcomes
        ? [StripeWebhookModule.register({ ...config, STRIPE_WEBHOOK_SECRET }, options.paymentOutcomes)]
        : [];
    return {
      module: AppModule,
      imports: [PlatformModule.forService({ name: 'bookings', config, entities: [], migrations }), ...stripeWebhook],
      controllers: [PaymentConfigController],
    };
  }
}
