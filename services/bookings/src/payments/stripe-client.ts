import Stripe from 'stripe';
import type { StripeSettings } from './stripe-config.js';

/**
 * The SDK client of stripe mode, built from bookings' configuration. The API version is the one the SDK pins (its
 * types describe that version). `STRIPE_API_HOST`/`_PORT`/`_PROTOCOL` send every request to another server: the
 * fake Stripe of the integration tests (production refuses them, see stripe-config.ts).
 */
export function createStripeClient(settings: StripeSettings): Stripe {
  if (!settings.STRIPE_SECRET_KEY) throw new Error('createStripeClient: STRIPE_SECRET_KEY is not set (simulated mode)');
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    // Retries reuse the request's idempotency key (ours, or one the SDK makes for a POST), so a retried create or
    // refund is never made twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'hunted-bookings' },
    ...(settings.STRIPE_API_HOST === undefined ? {} : { host: settings.STRIPE_API_HOST }),
    ...(settings.STRIPE_API_PORT === undefined ? {} : { port: settings.STRIPE_API_PORT }),
    ...(settings.STRIPE_API_PROTOCOL === undefined ? {} : { protocol: settings.STRIPE_API_PROTOCOL }),
  });
}
