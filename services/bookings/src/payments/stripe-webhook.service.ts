import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { PaymentOutcomeHandler, type AfterCommit } from './payment-provider.js';
import { StripeEventsRepository } from './stripe-events.repository.js';
import { intentSnapshotOf, refundReportOf } from './stripe-payment-provider.js';

export type WebhookOutcome = 'handled' | 'replayed';

/**
 * Handles each verified Stripe event once. The event id is inserted and the handler's writes are made in one
 * transaction on one pooled connection: a replay (Stripe retrying, or the same event reaching the other replica)
 * waits on the id's row and then does nothing; if the handler fails, everything rolls back, the webhook answers
 * 500 and Stripe delivers the event again. The handler takes no other connection while this one is open (each
 * delivery needs exactly one, so a burst queues for the pool rather than deadlocking it), and a call to Stripe it
 * asks for (a refund) runs only after the commit; if that call fails, the refund sweep asks again.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: StripeEventsRepository,
    private readonly outcomes: PaymentOutcomeHandler,
  ) {}

  async handle(event: Stripe.Event): Promise<WebhookOutcome> {
    const { outcome, afterCommit } = await this.dataSource.transaction(async (manager) => {
      const first = await this.events.recordOnce(manager, { id: event.id, type: event.type, created: event.created });
      if (!first) return { outcome: 'replayed' as const, afterCommit: null };
      return { outcome: 'handled' as const, afterCommit: await this.dispatch(manager, event) };
    });
    if (afterCommit) {
      await afterCommit().catch((error: Error) =>
        this.logger.error(
          `event ${event.id} handled; its follow-up call to Stripe failed and is retried by a sweep: ${error.message}`,
        ),
      );
    }
    return outcome;
  }

  private async dispatch(manager: EntityManager, event: Stripe.Event): Promise<AfterCommit | null> {
    switch (event.type) {
      case 'payment_intent.succeeded':
        return this.outcomes.paymentSucceeded(manager, intentSnapshotOf(event.data.object));
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed': {
        const refund = refundReportOf(event.data.object);
        if (!refund) {
          // A refund of a charge made outside a PaymentIntent is none of bookings' (it makes every charge through one).
          this.logger.warn(
            `${event.type} ${event.id}: refund ${event.data.object.id} has no PaymentIntent; stored and ignored`,
          );
          return null;
        }
        await this.outcomes.refundChanged(manager, refund);
        return null;
      }
      default:
        // Stored so the dashboard's endpoint settings can send more types without them being retried forever.
        // `charge.refunded` is one: it carries the charge's refunded total, not which refund; the `refund.*`
        // events say that, by refund id.
        return null;
    }
  }
}
