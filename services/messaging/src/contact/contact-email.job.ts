import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineJob, SERVICE_CONFIG, type JobHandler, type JobRun, type PendingJob } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { contactEmail } from './contact-email.js';
import { ContactSubmissionEntity } from './contact-submission.entity.js';
import { Mailer } from '../mail/mailer.js';

export const CONTACT_EMAIL_QUEUE = 'messaging-contact-email';
const SWEEP_BATCH = 100;

export interface ContactEmailData {
  submissionId: number;
}

/** One job per submission, ever: an add whose id is already queued, delayed or running is ignored. */
export function contactEmailJobId(submissionId: number): string {
  return `contact-submission-${submissionId}`;
}

/**
 * Emails each contact submission to the support inbox. The submission row is the source of truth and is
 * committed before anything here runs; its `email_status` says whether the mail went. Delivery is retried twice
 * over: a failed send is retried with exponential backoff, and a periodic sweep queues any submission still
 * pending that has no live job (Redis was away when it was submitted, or a job was lost with a crashed worker).
 * The job id is the submission's, so a submission is queued once however often it is swept. Sending is
 * at-least-once: a crash between the SMTP server accepting the mail and the row being marked sent sends it again,
 * under the same Message-ID.
 */
@Injectable()
export class ContactEmailJob implements JobHandler<ContactEmailData> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
  ) {}

  private get submissions() {
    return this.dataSource.getRepository(ContactSubmissionEntity);
  }

  /** Send the submission's email once, and record how it went on the row. */
  async run(job: JobRun<ContactEmailData>): Promise<{ sent: boolean }> {
    const id = job.data.submissionId;
    const submission = await this.submissions.findOneBy({ id });
    // Already sent (a duplicate job after a sweep race) or given up on: nothing to do.
    if (!submission || submission.emailStatus !== 'pending') return { sent: false };
    try {
      await this.mailer.send(
        contactEmail(submission, { supportEmail: this.config.SUPPORT_EMAIL, mailFrom: this.config.MAIL_FROM }),
      );
    } catch (error) {
      // The queue logs the failure (once for good on the last attempt).
      await this.record(id, {
        emailStatus: job.finalAttempt ? 'failed' : 'pending',
        emailLastError: (error as Error).message.slice(0, 1000),
      });
      throw error;
    }
    await this.record(id, { emailStatus: 'sent', emailLastError: null, emailSentAt: new Date() });
    return { sent: true };
  }

  /** The submissions still pending, oldest first: the sweep queues those without a live job. */
  async pending(): Promise<PendingJob<ContactEmailData>[]> {
    const rows = await this.submissions.find({
      select: { id: true },
      where: { emailStatus: 'pending' },
      order: { id: 'asc' },
      take: SWEEP_BATCH,
    });
    return rows.map(({ id }) => ({ jobId: contactEmailJobId(id), data: { submissionId: id } }));
  }

  private async record(id: number, change: Partial<ContactSubmissionEntity>): Promise<void> {
    await this.submissions
      .createQueryBuilder()
      .update()
      .set({ ...change, emailAttempts: () => 'email_attempts + 1' })
      .where('id = :id and email_status = :pending', { id, pending: 'pending' })
      .execute();
  }
}

export const contactEmailSend = defineJob<ContactEmailData, MessagingConfig>({
  queue: CONTACT_EMAIL_QUEUE,
  handler: ContactEmailJob,
  concurrency: 4,
  jobOptions: (config) => ({
    attempts: config.CONTACT_EMAIL_ATTEMPTS,
    backoff: { type: 'exponential', delay: config.CONTACT_EMAIL_BACKOFF_MS },
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 60 * 60 },
  }),
  sweepEveryMs: (config) => config.CONTACT_EMAIL_SWEEP_MS,
  // The send in hand finishes while the database is still open.
  stopWaitMs: 5_000,
});
