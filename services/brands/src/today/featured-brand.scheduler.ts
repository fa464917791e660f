import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { closeRedis, createRedisClient, SERVICE_CONFIG, withTimeout } from '@hunted/platform';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { BrandsConfig } from '../config.js';
import { FeaturedBrandPicker } from './featured-brand.picker.js';

export const FEATURED_PICK_QUEUE = 'brands-featured-pick';
export const FEATURED_PICK_SCHEDULER = 'pick-featured-brand';
export const LONDON_MIDNIGHT = { pattern: '0 0 * * *', tz: 'Europe/London' };

/**
 * Runs the featured-brand pick at 00:00 Europe/London through a BullMQ job scheduler, so one replica runs it per
 * day however many are up, and again once at start when today has no pick yet (a missed midnight, a new
 * database). The pick itself is idempotent, so a repeated or concurrent run changes nothing.
 */
@Injectable()
export class FeaturedBrandScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FeaturedBrandScheduler.name);
  private connection: Redis | undefined;
  private queue: Queue | undefined;
  private worker: Worker | undefined;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BrandsConfig,
    private readonly picker: FeaturedBrandPicker,
  ) {}

  get prefix(): string {
    return `${this.config.REDIS_PREFIX}bull`;
  }

  async onApplicationBootstrap(): Promise<void> {
    // First, and needing only PostgreSQL. A failure must not stop the service: /featured falls back to today's
    // ranking until a pick exists.
    await this.picker.pickForToday().catch((error: Error) => this.logger.error(`featured brand pick at start failed: ${error.message}`));
    this.connection = createRedisClient(this.config.REDIS_URL, 'brands-featured-pick');
    this.queue = new Queue(FEATURED_PICK_QUEUE, { connection: this.connection, prefix: this.prefix });
    this.worker = new Worker(FEATURED_PICK_QUEUE, () => this.picker.pickForToday(), {
      connection: this.connection,
      prefix: this.prefix,
      concurrency: 1,
    });
    this.worker.on('failed', (_job, error) => this.logger.error(`featured brand pick failed: ${error.message}`));
    await this.queue.upsertJobScheduler(FEATURED_PICK_SCHEDULER, LONDON_MIDNIGHT, {
      name: FEATURED_PICK_SCHEDULER,
      opts: { attempts: 5, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: 30, removeOnFail: 100 },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await withTimeout(Promise.all([this.worker?.close(), this.queue?.close()]), 2_000, 'featured pick queue').catch(
      () => this.worker?.close(true),
    );
    await closeRedis(this.connection);
  }
}
