import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { BookingQueries } from '../store/booking-queries.js';
import { BookingRepository } from '../store/booking.repository.js';
import { StoreModule } from '../store/store.module.js';
import { BookingPaymentOutcomes } from './booking-payment-outcomes.js';
import { PaymentOutcomeHandler, PaymentProvider } from './payment-provider.js';
import { SimulatedPaymentProvider } from './simulated-payment-provider.js';
import { createStripeClient } from './stripe-client.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';

/**
 * Chooses the payment provider: Stripe when `STRIPE_SECRET_KEY` is set, else the simulated one. The only place
 * that knows which; use cases inject `PaymentProvider`.
 */
function paymentProviderFor(
  config: BookingsConfig,
  bookings: BookingRepository,
  queries: BookingQueries,
): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) {
    return new StripePaymentProvider(createStripeClient(config));
  }
  return new SimulatedPaymentProvider(bookings, queries);
}

/**
 * Payments: the provider, and what a succeeded payment or a settled refund does to a booking
 * (BookingPaymentOutcomes, also the `PaymentOutcomeHandler` the Stripe webhook reports to).
 */
@Module({
  imports: [StoreModule],
  providers: [
    {
      provide: PaymentProvider,
      inject: [SERVICE_CONFIG, BookingRepository, BookingQueries],
      useFactory: paymentProviderFor,
    },
    BookingPaymentOutcomes,
    { provide: PaymentOutcomeHandler, useExisting: BookingPaymentOutcomes },
  ],
  exports: [PaymentProvider, BookingPaymentOutcomes, PaymentOutcomeHandler],
})
export class PaymentsModule {}
