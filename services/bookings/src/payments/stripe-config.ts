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
  /**
   * The signing secret of the Connect endpoint (`POST /api/stripe/connect-webhook`: events of the hunters'
   * connected accounts, `account.updated` and `payout.*`). Stripe gives a Connect endpoint its own secret.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalKey(/^whsec_/, "a Connect webhook endpoint's signing secret (whsec_…)"),
  STRIPE_API_HOST: z.string().trim().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** How long a handled event's id is kept (replays within it are no-ops); Stripe may resend for 30 days. */
  STRIPE_EVENT_RETENTION_DAYS: z.coerce.number().int().min(3).max(365).default(30),
  /** `on` lets production run on Stripe test keys (a staging site); off unless set. */
  STRIPE_ALLOW_TEST_MODE: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(['on', 'off']).default('off'),
  ),
};

export interface StripeSettings {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_CONNECT_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_HOST?: string | undefined;
  STRIPE_API_PORT?: number | undefined;
  STRIPE_API_PROTOCOL?: 'http' | 'https' | undefined;
}

/** Which of Stripe's two worlds a key belongs to, read from its prefix (`sk_test_…`, `pk_live_…`); null if neither. */
export function stripeKeyMode(key: string | undefined): 'test' | 'live' | null {
  const mode = key ? /^(?:sk|rk|pk)_(test|live)_/.exec(key)?.[1] : undefined;
  return mode === 'test' || mode === 'live' ? mode : null;
}

/**
 * A schema refinement: stripe mode needs all three keys, named one by one when missing; the secret and the
 * publishable key must be of one mode (a test secret with a live publishable key takes no payment at all); and
 * production takes live keys only, unless `STRIPE_ALLOW_TEST_MODE=on` says it is a staging site.
 */
export function requireCompleteStripeKeys(
  settings: StripeSettings & { NODE_ENV?: string; STRIPE_ALLOW_TEST_MODE?: 'on' | 'off' },
  ctx: z.RefinementCtx,
): void {
  if (!settings.STRIPE_SECRET_KEY) return;
  const secretMode = stripeKeyMode(settings.STRIPE_SECRET_KEY);
  const publishableMode = stripeKeyMode(settings.STRIPE_PUBLISHABLE_KEY);
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: `is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} one: both must be test keys or both live`,
    });
  }
  if (settings.NODE_ENV === 'production' && settings.STRIPE_ALLOW_TEST_MODE !== 'on') {
    const live = { STRIPE_SECRET_KEY: 'sk_live_… or rk_live_…', STRIPE_PUBLISHABLE_KEY: 'pk_live_…' } as const;
    for (const variable of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const) {
      const value = settings[variable];
      if (value && stripeKeyMode(value) !== 'live') {
        ctx.addIssue({
          code: 'custom',
          path: [variable],
          message: `must be a live key (${live[variable]}) in production; set STRIPE_ALLOW_TEST_MODE=on to run a staging site on test keys`,
        });
      }
    }
  }
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
  requiredInProduction(
    'STRIPE_CONNECT_WEBHOOK_SECRET',
    "without it Connect's webhooks (hunters' payout accounts and payouts) cannot be verified",
  ),
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
