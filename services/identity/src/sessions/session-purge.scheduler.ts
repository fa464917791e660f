import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { closeRedis, createRedisClient, SERVICE_CONFIG, withTimeout } from '@hunted/platform';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../config.js';
import { SessionStore } from './session.store.js';

export const SESSION_PURGE_QUEUE = 'identity-session-purge';
export const SESSION_PURGE_SCHEDULER = 'purge-expired-sessions';
const EVERY_HOUR = 60 * 60 * 1000;

/**
 * Deletes expired sessions every hour. A BullMQ job scheduler rather than a timer so that one replica runs it
 * per hour however many are up; the delete is idempotent, so a repeated run is harmless.
 */
@Injectable()
export class SessionPurgeScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SessionPurgeScheduler.name);
  private connection: Redis | undefined;
  private queue: Queue | undefined;
  private worker: Worker | undefined;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly sessions: SessionStore,
  ) {}

  get prefix(): string {
    return `${this.config.REDIS_PREFIX}bull`;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.connection = createRedisClient(this.config.REDIS_URL, 'identity-session-purge');
    this.queue = new Queue(SESSION_PURGE_QUEUE, { connection: this.connection, prefix: this.prefix });
    this.worker = new Worker(
      SESSION_PURGE_QUEUE,
      async () => {
        const purged = await this.sessions.purgeExpired();
        this.logger.log(`purged ${purged} expired session(s)`);
        return { purged };
      },
      { connection: this.connection, prefix: this.prefix, concurrency: 1 },
    );
    this.worker.on('failed', (_job, error) => this.logger.error(`session purge failed: ${error.message}`));
    await this.queue.upsertJobScheduler(
      SESSION_PURGE_SCHEDULER,
      { every: EVERY_HOUR },
      { name: SESSION_PURGE_SCHEDULER, opts: { removeOnComplete: 24, removeOnFail: 100 } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    // A purge in progress may finish; with Redis away nothing can, so the close is bounded either way.
    await withTimeout(Promise.all([this.worker?.close(), this.queue?.close()]), 2_000, 'session purge queue').catch(
      () => this.worker?.close(true),
    );
    await closeRedis(this.connection);
  }
}
