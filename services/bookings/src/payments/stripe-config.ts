import type { PaymentConfig } from '@hunted/contracts';
import { requiredInProduction, type ProductionRule } from '@hunted/platform';
import { z } from 'zod';

/** An unset variable and an empty one (`STRIPE_SECRET_KEY=` in a compose file) both mean "not configured". */
const optionalKey = (prefix: RegExp, what: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().regex(prefix, `must be ${what}`).optional(),
  );

/**
 * Bookings' Stripe variables, spread into its env schema. Without `STRIPE_SECRET_KEY` bookings runs in simulated
 * mode; with it, the publishable key (for the page's Payment Element) and the webhook signing secret must be set
 * too, since stripe mode without either cannot take or confirm a payment. `STRIPE_API_*` point the SDK at another
 * server than api.stripe.com: the fake Stripe of the integration tests, never production.
 */
export const stripeEnvShape = {
  STRIPE_SECRET_KEY: optionalKey(/^(sk|rk)_/, 'a Stripe secret or restricted key (sk_… or rk_…)'),
  STRIPE_PUBLISHABLE_KEY: optionalKey(/^pk_/, 'a Stripe publishable key (pk_…)'),
  STRIPE_WEBHOOK_SECRET: optionalKey(/^whsec_/, "a webhook endpoint's signing secret (whsec_…)"),
  STRIPE_API_HOST: z.string().trim().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
};

export interface StripeSettings {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_HOST?: string | undefined;
  STRIPE_API_PORT?: number | undefined;
  STRIPE_API_PROTOCOL?: 'http' | 'https' | undefined;
}

/** A schema refinement: stripe mode needs all three keys, named one by one when missing. */
export function requireCompleteStripeKeys(settings: StripeSettings, ctx: z.RefinementCtx): void {
  if (!settings.STRIPE_SECRET_KEY) return;
  for (const variable of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!settings[variable]) {
      ctx.addIssue({
        code: 'custom',
        path: [variable],
        message: 'must be set when STRIPE_SECRET_KEY is (stripe mode)',
      });
    }
  }
}

/** Production takes real payments: all three keys, and the SDK talking to Stripe itself. */
export const stripeProductionRules: readonly ProductionRule[] = [
  requiredInProduction('STRIPE_SECRET_KEY', 'without it bookings runs in simulated mode and takes no money'),
  requiredInProduction('STRIPE_PUBLISHABLE_KEY', "the payment page's Payment Element needs it"),
  requiredInProduction('STRIPE_WEBHOOK_SECRET', "without it Stripe's webhooks cannot be verified"),
  ...(['STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL'] as const).map((variable): ProductionRule => ({
    variable,
    check: (value) =>
      value === undefined ? null : 'must not be set in production (it points the SDK away from Stripe)',
  })),
];

/** What the payment page needs to know (`GET /api/bookings/payment-config`). */
export function paymentConfigOf(settings: StripeSettings): PaymentConfig {
  return settings.STRIPE_SECRET_KEY && settings.STRIPE_PUBLISHABLE_KEY
    ? { mode: 'stripe', publishableKey: settings.STRIPE_PUBLISHABLE_KEY }
    : { mode: 'simulated' };
}
