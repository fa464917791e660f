import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { PaymentOutcomeHandler } from './payment-provider.js';
import { StripeEventsRepository } from './stripe-events.repository.js';
import { intentSnapshotOf } from './stripe-payment-provider.js';

export type WebhookOutcome = 'handled' | 'replayed';

/**
 * Handles each verified Stripe event once. The event id is inserted in a transaction that stays open while the
 * outcome handler runs: a replay (Stripe retrying, or the same event reaching the other replica) waits for it and
 * then does nothing; if the handler fails, the transaction rolls back, the id is not kept, the webhook answers 500
 * and Stripe delivers the event again. The handler's own writes commit in its own transaction, so a crash between
 * its commit and ours runs it a second time: that is why the handler is idempotent (see PaymentOutcomeHandler).
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: StripeEventsRepository,
    private readonly outcomes: PaymentOutcomeHandler,
  ) {}

  handle(event: Stripe.Event): Promise<WebhookOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const first = await this.events.recordOnce(manager, { id: event.id, type: event.type, created: event.created });
      if (!first) return 'replayed';
      await this.dispatch(event);
      return 'handled';
    });
  }

  private async dispatch(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'payment_intent.succeeded':
        await this.outcomes.paymentSucceeded(intentSnapshotOf(event.data.object));
        return;
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        if (!paymentIntentId) {
          // A charge made outside a PaymentIntent is none of bookings' (it makes every charge through one).
          this.logger.warn(`charge.refunded ${event.id}: charge ${charge.id} has no PaymentIntent; stored and ignored`);
          return;
        }
        await this.outcomes.refundSettled({ paymentIntentId, refundedPence: charge.amount_refunded });
        return;
      }
      default:
        // Stored so the dashboard's endpoint settings can send more types without them being retried forever.
        return;
    }
  }
}
