import { Inject, Injectable } from '@nestjs/common';
import { defineJob, SERVICE_CONFIG, type JobHandler, type JobRun, type PendingJob } from '@hunted/platform';
import type { MessagingConfig } from '../config.js';
import { contactEmail } from './contact-email.js';
import { emailJobOptions, sendRecorded } from '../mail/email-ledger.js';
import { Mailer } from '../mail/mailer.js';
import { ContactSubmissionRepository } from './contact-submission.repository.js';

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
    private readonly submissions: ContactSubmissionRepository,
    private readonly mailer: Mailer,
  ) {}

  /** Send the submission's email once, and record how it went on the row. */
  async run(job: JobRun<ContactEmailData>): Promise<{ sent: boolean }> {
    const submission = await this.submissions.find(job.data.submissionId);
    // Already sent (a duplicate job after a sweep race) or given up on: nothing to do.
    if (!submission || submission.emailStatus !== 'pending') return { sent: false };
    // The queue logs a failure (once for good on the last attempt).
    await sendRecorded(this.mailer, this.submissions, submission.id, job, () =>
      contactEmail(submission, { supportEmail: this.config.SUPPORT_EMAIL, mailFrom: this.config.MAIL_FROM }),
    );
    return { sent: true };
  }

  /** The submissions still pending, oldest first: the sweep queues those without a live job. */
  async pending(): Promise<PendingJob<ContactEmailData>[]> {
    const ids = await this.submissions.pendingEmailIds(SWEEP_BATCH);
    return ids.map((id) => ({ jobId: contactEmailJobId(id), data: { submissionId: id } }));
  }
}

export const contactEmailSend = defineJob<ContactEmailData, MessagingConfig>({
  queue: CONTACT_EMAIL_QUEUE,
  handler: ContactEmailJob,
  concurrency: 4,
  jobOptions: (config) => emailJobOptions(config.CONTACT_EMAIL_ATTEMPTS, config.CONTACT_EMAIL_BACKOFF_MS),
  sweepEveryMs: (config) => config.CONTACT_EMAIL_SWEEP_MS,
  // The send in hand finishes while the database is still open.
  stopWaitMs: 5_000,
});
