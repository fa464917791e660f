import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { closeRedis, createRedisClient, SERVICE_CONFIG, withTimeout } from '@hunted/platform';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { contactEmail } from './contact-email.js';
import { ContactSubmissionEntity } from './contact-submission.entity.js';
import { Mailer } from './mailer.js';

export const CONTACT_EMAIL_QUEUE = 'messaging-contact-email';
const SWEEP_BATCH = 100;

export interface ContactEmailJob {
  submissionId: number;
}

/** One job per submission, ever: BullMQ ignores an add whose id is already queued, delayed or running. */
export function contactEmailJobId(submissionId: number): string {
  return `contact-submission-${submissionId}`;
}

/**
 * Emails each contact submission to the support inbox. The submission row is the source of truth and is
 * committed before anything here runs; its `email_status` says whether the mail went. Delivery is retried twice
 * over: BullMQ retries a failed send with exponential backoff, and a periodic sweep queues any submission still
 * pending that has no live job (Redis was away when it was submitted, or a job was lost with a crashed worker).
 * The job id is the submission's, so a submission is queued once however often it is swept. Sending is
 * at-least-once: a crash between the SMTP server accepting the mail and the row being marked sent sends it again,
 * under the same Message-ID.
 */
@Injectable()
export class ContactEmailQueue implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(ContactEmailQueue.name);
  private connection: Redis | undefined;
  private queue: Queue<ContactEmailJob> | undefined;
  private worker: Worker<ContactEmailJob> | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  private lastWorkerError = '';

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
  ) {}

  private get prefix(): string {
    return `${this.config.REDIS_PREFIX}bull`;
  }

  private get submissions() {
    return this.dataSource.getRepository(ContactSubmissionEntity);
  }

  /** Nothing here waits for Redis, so the service starts (and takes submissions) while Redis is away. */
  onApplicationBootstrap(): void {
    this.connection = createRedisClient(this.config.REDIS_URL, 'messaging-contact-email');
    this.queue = new Queue(CONTACT_EMAIL_QUEUE, { connection: this.connection, prefix: this.prefix });
    this.queue.on('error', () => undefined);
    this.worker = new Worker(CONTACT_EMAIL_QUEUE, (job) => this.deliver(job), {
      connection: this.connection,
      prefix: this.prefix,
      concurrency: 4,
    });
    this.worker.on('error', (error) => {
      // While Redis is away every reconnection fails the same way; readiness reports the outage.
      if (error.message !== this.lastWorkerError) this.logger.warn(`contact email worker: ${error.message}`);
      this.lastWorkerError = error.message;
    });
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.CONTACT_EMAIL_SWEEP_MS);
    this.sweepTimer.unref();
  }

  /**
   * Queues the email of a committed submission. Never throws and waits at most two seconds: with Redis away the
   * submission stays pending and the sweep queues it once Redis is back.
   */
  async enqueue(submissionId: number): Promise<void> {
    try {
      await withTimeout(this.add(submissionId), 2_000, 'queueing the contact email');
    } catch (error) {
      this.logger.warn(
        `submission ${submissionId}: email not queued yet (${(error as Error).message}); the sweep will`,
      );
    }
  }

  /** Queues every pending submission that has no live job. Runs every CONTACT_EMAIL_SWEEP_MS on each replica. */
  sweep(): Promise<void> {
    this.sweeping ??= this.sweepOnce()
      .catch((error: Error) => this.logger.warn(`contact email sweep failed: ${error.message}`))
      .finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    // During an outage the commands would only pile up in the client's offline queue.
    if (!this.queue || this.connection?.status !== 'ready') return;
    const pending = await this.submissions.find({
      select: { id: true },
      where: { emailStatus: 'pending' },
      order: { id: 'asc' },
      take: SWEEP_BATCH,
    });
    let queued = 0;
    for (const { id } of pending) {
      const job = await this.queue.getJob(contactEmailJobId(id));
      // A failed job for a pending row ended outside deliver() (it stalled twice, or recording the
      // failure did): start it over rather than leave the submission pending for ever.
      if (job && (await job.isFailed())) await job.remove();
      else if (job) continue;
      await this.add(id);
      queued++;
    }
    if (queued) this.logger.log(`queued the email of ${queued} pending contact submission(s)`);
  }

  private async add(submissionId: number): Promise<void> {
    if (!this.queue) throw new Error('the contact email queue is not running');
    await this.queue.add(
      'send',
      { submissionId },
      {
        jobId: contactEmailJobId(submissionId),
        attempts: this.config.CONTACT_EMAIL_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.config.CONTACT_EMAIL_BACKOFF_MS },
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 60 * 60 },
      },
    );
  }

  /** The job: send the submission's email once, and record how it went on the row. */
  private async deliver(job: Job<ContactEmailJob>): Promise<{ sent: boolean }> {
    const id = job.data.submissionId;
    const submission = await this.submissions.findOneBy({ id });
    // Already sent (a duplicate job after a sweep race) or given up on: nothing to do.
    if (!submission || submission.emailStatus !== 'pending') return { sent: false };
    try {
      await this.mailer.send(
        contactEmail(submission, { supportEmail: this.config.SUPPORT_EMAIL, mailFrom: this.config.MAIL_FROM }),
      );
    } catch (error) {
      const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await this.record(id, {
        emailStatus: finalAttempt ? 'failed' : 'pending',
        emailLastError: (error as Error).message.slice(0, 1000),
      });
      if (finalAttempt) this.logger.error(`submission ${id}: email failed for good: ${(error as Error).message}`);
      throw error;
    }
    await this.record(id, { emailStatus: 'sent', emailLastError: null, emailSentAt: new Date() });
    return { sent: true };
  }

  private async record(id: number, change: Partial<ContactSubmissionEntity>): Promise<void> {
    await this.submissions
      .createQueryBuilder()
      .update()
      .set({ ...change, emailAttempts: () => 'email_attempts + 1' })
      .where('id = :id and email_status = :pending', { id, pending: 'pending' })
      .execute();
  }

  /** The worker finishes the send in hand (bounded) while the database is still open. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.sweepTimer);
    if (this.sweeping) await withTimeout(this.sweeping, 2_000, 'contact email sweep').catch(() => undefined);
    await withTimeout(this.worker?.close() ?? Promise.resolve(), 5_000, 'contact email worker').catch(() =>
      this.worker?.close(true),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await withTimeout(this.queue?.close() ?? Promise.resolve(), 1_000, 'contact email queue').catch(() => undefined);
    await closeRedis(this.connection);
  }
}
