import { Module, type DynamicModule } from '@nestjs/common';
import {
  EventsModule,
  PlatformModule,
  RIGHTS_HANDLERS,
  RightsModule,
  USER_COPY_HANDLERS,
  UserCopiesModule,
} from '@hunted/platform';
import { BookingsModule } from './bookings/bookings.module.js';
import type { BookingsConfig } from './config.js';
import { migrations } from './database/migrations/index.js';
import { AvailabilityChangedHandler } from './hunters/events/availability-changed.handler.js';
import { HunterCreatedHandler } from './hunters/events/hunter-created.handler.js';
import { HunterUpdatedHandler } from './hunters/events/hunter-updated.handler.js';
import { HunterVettedHandler } from './hunters/events/hunter-vetted.handler.js';
import { JoiningDetailsChangedHandler } from './hunters/events/joining-details-changed.handler.js';
import { HunterCopiesModule } from './hunters/hunter-copies.module.js';
import { DisputesModule } from './disputes/disputes.module.js';
import { PaymentConfigController } from './payments/payment-config.controller.js';
import { PaymentsModule } from './payments/payments.module.js';
import { PhotosModule } from './photos/photos.module.js';
import { SessionActionsModule } from './session-actions/session-actions.module.js';
import { StripeWebhookModule, type PaymentOutcomesModule } from './payments/stripe-webhook.module.js';
import { PayoutsModule } from './payouts/payouts.module.js';
import { SlotsModule } from './slots/slots.module.js';
import { BookingsDataEraser } from './your-data/bookings-data-eraser.js';
import { BookingsDataExport } from './your-data/bookings-data-export.js';
import { UserDeletionRequestedHandler } from './your-data/events/user-deletion-requested.handler.js';
import { YourDataModule } from './your-data/your-data.module.js';

export interface BookingsAppOptions {
  /**
   * The module exporting the `PaymentOutcomeHandler` the Stripe webhook reports to: the payments feature (BookingPaymentOutcomes), unless a
   * test supplies a recording one.
   */
  paymentOutcomes?: PaymentOutcomesModule;
}

@Module({})
export class AppModule {
  static forRoot(config: BookingsConfig, options: BookingsAppOptions = {}): DynamicModule {
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = config;
    // Stripe's webhook exists in stripe mode only (simulated mode has nothing to report: 404).
    const stripeWebhook =
      STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET
        ? [
            StripeWebhookModule.register(
              { ...config, STRIPE_WEBHOOK_SECRET },
              options.paymentOutcomes ?? PaymentsModule,
            ),
          ]
        : [];
    // One instance for the features and the events module alike (the export part's route, the rights handlers).
    const rights = RightsModule.forService({
      service: 'bookings',
      contributor: BookingsDataExport,
      eraser: BookingsDataEraser,
      imports: [YourDataModule],
    });
    return {
      module: AppModule,
      imports: [
        // Raw SQL in each table's owner (BookingRepository, HunterCopies, UserCopies): no entity classes.
        PlatformModule.forService({ name: 'bookings', config, entities: [], migrations }),
        SlotsModule,
        BookingsModule,
        SessionActionsModule,
        PhotosModule,
        DisputesModule,
        PayoutsModule.register(config),
        YourDataModule,
        rights,
        EventsModule.forService({
          consumes: [
            HunterCreatedHandler,
            HunterUpdatedHandler,
            HunterVettedHandler,
            AvailabilityChangedHandler,
            JoiningDetailsChangedHandler,
            ...USER_COPY_HANDLERS,
            UserDeletionRequestedHandler,
            ...RIGHTS_HANDLERS,
          ],
          imports: [HunterCopiesModule, BookingsModule, UserCopiesModule.forService(), YourDataModule, rights],
        }),
        ...stripeWebhook,
      ],
      controllers: [PaymentConfigController],
    };
  }
}
