import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineJob, SERVICE_CONFIG, type JobHandler, type JobRun, type PendingJob } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { emailJobOptions, sendRecorded } from '../mail/email-ledger.js';
import { Mailer } from '../mail/mailer.js';
import { fullName, MemberCopies } from '../users/member-copies.js';
import { EditEmailsRepository } from './edit-emails.repository.js';
import { editEmail } from './edit-email-content.js';

export const EDIT_EMAIL_QUEUE = 'messaging-edit-email';
const SWEEP_BATCH = 100;

export interface EditEmailData {
  emailId: string;
}

/** One job per email row, ever: an add whose id is already queued, delayed or running is ignored. */
export function editEmailJobId(emailId: string): string {
  return `edit-email-${emailId}`;
}

/**
 * Sends one `edit_emails` row, as the vetting-email job sends a `hunter_emails` row: the row, committed by the
 * hunters event, is the source of truth; its job is added after that commit and a sweep re-adds pending rows that
 * have none. At-least-once, under the same Message-ID. The retries and sweep are the booking emails'.
 */
@Injectable()
export class EditEmailJob implements JobHandler<EditEmailData> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly emails: EditEmailsRepository,
    private readonly members: MemberCopies,
    private readonly mailer: Mailer,
  ) {}

  async run(job: JobRun<EditEmailData>): Promise<{ sent: boolean }> {
    const email = await this.emails.find(job.data.emailId);
    if (!email || email.status !== 'pending') return { sent: false };
    await sendRecorded(this.mailer, this.emails, email.id, job, async () => {
      const recipient = await this.members.find(this.dataSource.manager, email.recipientUserId);
      // Identity's event with the address may not have arrived yet: the retry finds it.
      if (!recipient?.email) throw new Error(`no email address known yet for member ${email.recipientUserId}`);
      return editEmail({
        emailId: email.id,
        kind: email.kind,
        editId: email.editId,
        hunterName: email.hunterName,
        title: email.title,
        recipient: { email: recipient.email, firstName: recipient.firstName, name: fullName(recipient) ?? recipient.email },
        publicUrl: this.config.PUBLIC_URL,
        mailFrom: this.config.MAIL_FROM,
      });
    });
    return { sent: true };
  }

  async pending(): Promise<PendingJob<EditEmailData>[]> {
    const ids = await this.emails.pending(SWEEP_BATCH);
    return ids.map((emailId) => ({ jobId: editEmailJobId(emailId), data: { emailId } }));
  }
}

export const editEmailSend = defineJob<EditEmailData, MessagingConfig>({
  queue: EDIT_EMAIL_QUEUE,
  handler: EditEmailJob,
  concurrency: 2,
  jobOptions: (config) => emailJobOptions(config.BOOKING_EMAIL_ATTEMPTS, config.BOOKING_EMAIL_BACKOFF_MS),
  sweepEveryMs: (config) => config.BOOKING_EMAIL_SWEEP_MS,
  stopWaitMs: 5_000,
});
