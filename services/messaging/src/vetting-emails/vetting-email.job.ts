import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineJob, SERVICE_CONFIG, type JobHandler, type JobRun, type PendingJob } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { emailJobOptions, sendRecorded } from '../mail/email-ledger.js';
import { Mailer } from '../mail/mailer.js';
import { fullName, MemberCopies } from '../users/member-copies.js';
import { HunterEmailsRepository } from './hunter-emails.repository.js';
import { vettingEmail } from './vetting-email-content.js';

export const VETTING_EMAIL_QUEUE = 'messaging-vetting-email';
const SWEEP_BATCH = 100;

export interface VettingEmailData {
  emailId: string;
}

/** One job per email row, ever: an add whose id is already queued, delayed or running is ignored. */
export function vettingEmailJobId(emailId: string): string {
  return `hunter-email-${emailId}`;
}

/**
 * Sends one `hunter_emails` row, as the booking-email job sends an `outbound_emails` row: the row, committed by
 * the vetting event, is the source of truth; its job is added after that commit and a sweep re-adds pending rows
 * that have none. At-least-once, under the same Message-ID. The retries and sweep are the booking emails'.
 */
@Injectable()
export class VettingEmailJob implements JobHandler<VettingEmailData> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly emails: HunterEmailsRepository,
    private readonly members: MemberCopies,
    private readonly mailer: Mailer,
  ) {}

  async run(job: JobRun<VettingEmailData>): Promise<{ sent: boolean }> {
    const email = await this.emails.find(job.data.emailId);
    if (!email || email.status !== 'pending') return { sent: false };
    await sendRecorded(this.mailer, this.emails, email.id, job, async () => {
      const recipient = await this.members.find(this.dataSource.manager, email.recipientUserId);
      // Identity's event with the address may not have arrived yet: the retry finds it.
      if (!recipient?.email) throw new Error(`no email address known yet for member ${email.recipientUserId}`);
      return vettingEmail({
        emailId: email.id,
        decision: email.decision,
        hunterId: email.hunterId,
        hunterName: email.hunterName,
        reason: email.reason,
        recipient: {
          email: recipient.email,
          firstName: recipient.firstName,
          name: fullName(recipient) ?? recipient.email,
        },
        publicUrl: this.config.PUBLIC_URL,
        mailFrom: this.config.MAIL_FROM,
      });
    });
    return { sent: true };
  }

  async pending(): Promise<PendingJob<VettingEmailData>[]> {
    const ids = await this.emails.pending(SWEEP_BATCH);
    return ids.map((emailId) => ({ jobId: vettingEmailJobId(emailId), data: { emailId } }));
  }
}

export const vettingEmailSend = defineJob<VettingEmailData, MessagingConfig>({
  queue: VETTING_EMAIL_QUEUE,
  handler: VettingEmailJob,
  concurrency: 2,
  jobOptions: (config) => emailJobOptions(config.BOOKING_EMAIL_ATTEMPTS, config.BOOKING_EMAIL_BACKOFF_MS),
  sweepEveryMs: (config) => config.BOOKING_EMAIL_SWEEP_MS,
  stopWaitMs: 5_000,
});
