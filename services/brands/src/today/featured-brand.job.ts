import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SITE_TIME_ZONE } from '@hunted/contracts';
import { defineJob, type JobHandler } from '@hunted/platform';
import { FeaturedBrandPicker, type FeaturedPick } from './featured-brand.picker.js';

export const FEATURED_PICK_QUEUE = 'brands-featured-pick';
export const FEATURED_PICK_SCHEDULER = 'pick-featured-brand';
export const LONDON_MIDNIGHT = { pattern: '0 0 * * *', tz: SITE_TIME_ZONE };

/**
 * Runs the featured-brand pick at 00:00 Europe/London through a job scheduler, so one replica runs it per day
 * however many are up, and again once at start when today has no pick yet (a missed midnight, a new database).
 * The pick itself is idempotent, so a repeated or concurrent run changes nothing.
 */
@Injectable()
export class FeaturedBrandJob implements JobHandler, OnApplicationBootstrap {
  private readonly logger = new Logger(FeaturedBrandJob.name);

  constructor(private readonly picker: FeaturedBrandPicker) {}

  /** Needs only PostgreSQL. A failure must not stop the service: /featured falls back to today's ranking. */
  async onApplicationBootstrap(): Promise<void> {
    await this.picker.pickForToday().catch((error: Error) => this.logger.error(`featured brand pick at start failed: ${error.message}`));
  }

  run(): Promise<FeaturedPick> {
    return this.picker.pickForToday();
  }
}

export const featuredBrandPick = defineJob({
  queue: FEATURED_PICK_QUEUE,
  handler: FeaturedBrandJob,
  schedule: { id: FEATURED_PICK_SCHEDULER, repeat: LONDON_MIDNIGHT },
  jobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: 30, removeOnFail: 100 },
});
