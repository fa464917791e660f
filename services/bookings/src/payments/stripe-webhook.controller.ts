import { BadRequestException, Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { Public } from '@hunted/platform';
import type { FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { StripeWebhookService, type WebhookOutcome } from './stripe-webhook.service.js';

/** How old a signature may be (seconds): Stripe's own default, stated because a replayed old event must fail. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The event Stripe signed: the `Stripe-Signature` HMAC checked over the exact bytes received with the endpoint's
 * secret. A missing header or body, a bad signature or one older than WEBHOOK_TOLERANCE_SECONDS is a 400. Both
 * endpoints (the platform's and Connect's) read their deliveries through this.
 */
export function signedStripeEvent(
  stripe: Stripe,
  rawBody: Buffer | undefined,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new BadRequestException('Missing Stripe-Signature header');
  if (!rawBody) throw new BadRequestException('Expected a JSON body');
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new BadRequestException(error.message);
    throw error;
  }
}

/** Stripe's webhook endpoint secret, as its own injection token (kept out of the wider configuration object). */
export const STRIPE_WEBHOOK_SECRET = Symbol('STRIPE_WEBHOOK_SECRET');

/**
 * `POST /api/stripe/webhook`: Stripe's signed events. Public (Stripe has no session); what authenticates it is the
 * `Stripe-Signature` HMAC over the body's exact bytes, so it is checked on `request.rawBody` (the service keeps the
 * raw bytes, see app.ts), never on re-serialised JSON. Missing or bad signature, or a timestamp older than
 * WEBHOOK_TOLERANCE_SECONDS → 400, and Stripe's retries of a real event then fail loudly in its dashboard.
 */
@Controller('api/stripe/webhook')
@Public()
export class StripeWebhookController {
  constructor(
    private readonly stripe: Stripe,
    private readonly webhooks: StripeWebhookService,
    @Inject(STRIPE_WEBHOOK_SECRET) private readonly secret: string,
  ) {}

  @Post()
  @HttpCode(200)
  async receive(
    @Req() request: FastifyRequest & { rawBody?: Buffer },
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    const event = signedStripeEvent(this.stripe, request.rawBody, signature, this.secret);
    return { received: true, outcome: await this.webhooks.handle(event) };
  }
}
