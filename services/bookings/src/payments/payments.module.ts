import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@hunted/platform';
import { BookingStoreModule } from '../bookings/booking-store.module.js';
import { BookingRepository } from '../bookings/booking.repository.js';
import type { BookingsConfig } from '../config.js';
import { PaymentProvider } from './payment-provider.js';
import { SimulatedPaymentProvider } from './simulated-payment-provider.js';
import { createStripeClient } from './stripe-client.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';

/**
 * Chooses the payment provider: Stripe when `STRIPE_SECRET_KEY` is set, else the simulated one. The only place
 * that knows which; use cases inject `PaymentProvider`.
 */
function paymentProviderFor(config: BookingsConfig, bookings: BookingRepository): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) {
    return new StripePaymentProvider(createStripeClient(config));
  }
  return new SimulatedPaymentProvider(bookings);
}

@Module({
  imports: [BookingStoreModule],
  providers: [
    { provide: PaymentProvider, inject: [SERVICE_CONFIG, BookingRepository], useFactory: paymentProviderFor },
  ],
  exports: [PaymentProvider],
})
export class PaymentsModule {}
