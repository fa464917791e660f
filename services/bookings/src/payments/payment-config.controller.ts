import { Controller, Get, Inject } from '@nestjs/common';
import type { PaymentConfig } from '@hunted/contracts';
import { Public, SERVICE_CONFIG } from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { paymentConfigOf } from './stripe-config.js';

/**
 * `GET /api/bookings/payment-config` (public): whether the payment page shows Stripe's Payment Element (and with
 * which publishable key) or the simulated payment. Static, so no other booking route can shadow it.
 */
@Controller('api/bookings')
@Public()
export class PaymentConfigController {
  private readonly paymentConfig: PaymentConfig;

  constructor(@Inject(SERVICE_CONFIG) config: BookingsConfig) {
    this.paymentConfig = paymentConfigOf(config);
  }

  @Get('payment-config')
  get(): PaymentConfig {
    return this.paymentConfig;
  }
}
