import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { Public } from '@hunted/platform';
import type { FastifyRequest } from 'fastify';
import { signedStripeEvent } from '../payments/stripe-webhook.controller.js';
import type { WebhookOutcome } from '../payments/stripe-webhook.service.js';
import { ConnectClient } from './connect-client.js';
import { ConnectWebhookService } from './connect-webhook.service.js';

/** The Connect endpoint's signing secret (`STRIPE_CONNECT_WEBHOOK_SECRET`), as its own injection token. */
export const STRIPE_CONNECT_WEBHOOK_SECRET = Symbol('STRIPE_CONNECT_WEBHOOK_SECRET');

/**
 * `POST /api/stripe/connect-webhook`: Connect's signed events about the hunters' connected accounts. Verified as
 * the platform webhook is (the `Stripe-Signature` HMAC over `request.rawBody`, the same tolerance), with the
 * Connect endpoint's own secret; a bad or missing signature is a 400.
 */
@Controller('api/stripe/connect-webhook')
@Public()
export class ConnectWebhookController {
  constructor(
    private readonly connect: ConnectClient,
    private readonly webhooks: ConnectWebhookService,
    @Inject(STRIPE_CONNECT_WEBHOOK_SECRET) private readonly secret: string,
  ) {}

  @Post()
  @HttpCode(200)
  async receive(
    @Req() request: FastifyRequest & { rawBody?: Buffer },
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    const event = signedStripeEvent(this.connect.stripe!, request.rawBody, signature, this.secret);
    return { received: true, outcome: await this.webhooks.handle(event) };
  }
}
