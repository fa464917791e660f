import { Inject, Injectable, Logger } from '@nestjs/common';
import { defineJob, SERVICE_CONFIG, type JobHandler } from '@hunted/platform';
import type { BookingsConfig } from '../config.js';
import { StripeEventsRepository } from './stripe-events.repository.js';

const BATCH = 5_000;
const EVERY_HOUR = 60 * 60 * 1000;

/**
 * Deletes the ids of Stripe events older than `STRIPE_EVENT_RETENTION_DAYS` (30 by default: Stripe keeps an event,
 * and may send it again from the dashboard, for 30 days; its own retries end after 3). An event older than that
 * arriving again would be handled again, which the outcome handlers allow (each step is guarded by the booking's
 * state, a refund is recorded by its id). Hourly, once across replicas; in batches, so no delete holds locks long.
 */
@Injectable()
export class StripeEventsPruneJob implements JobHandler {
  private readonly logger = new Logger(StripeEventsPruneJob.name);

  constructor(
    private readonly events: StripeEventsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: BookingsConfig,
  ) {}

  async run(): Promise<{ pruned: number }> {
    let pruned = 0;
    for (;;) {
      const deleted = await this.events.pruneOlderThan(this.config.STRIPE_EVENT_RETENTION_DAYS, BATCH);
      pruned += deleted;
      if (deleted < BATCH) break;
    }
    if (pruned > 0)
      this.logger.log(`pruned ${pruned} Stripe event id(s) older than ${this.config.STRIPE_EVENT_RETENTION_DAYS} days`);
    return { pruned };
  }
}

export const stripeEventsPrune = defineJob<undefined, BookingsConfig>({
  queue: 'bookings-stripe-events-prune',
  handler: StripeEventsPruneJob,
  schedule: { id: 'prune-stripe-events', repeat: { every: EVERY_HOUR } },
  jobOptions: { attempts: 1, removeOnComplete: 24, removeOnFail: 100 },
});
