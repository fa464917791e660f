import { Inject, Injectable } from '@nestjs/common';
import { defineJob, now as sessionNow, SERVICE_CONFIG, type JobHandler, type JobOptions, type JobRetries, type JobRun, type PendingJob } from '@hunted/platform';
import type { MessagingConfig } from '../config.js';
import { OPTIONAL_EMAIL_LABELS } from '@hunted/contracts';
import { switchOf } from './email-kinds.js';
import { EmailPreferencesRepository } from './email-preferences.repository.js';
import { EmailTemplates, isSkip, type EmailRetries } from './email-templates.js';
import { withUnsubscribe } from './optional-email.js';
import { Mailer } from './mailer.js';
import { OutboundEmailsRepository } from './outbound-emails.repository.js';
import { DataSource } from 'typeorm';
import { InjectDataSource } from '@nestjs/typeorm';

export const EMAIL_QUEUE = 'messaging-email';
const SWEEP_BATCH = 100;
/** A job may fire a little before its row's time (clocks of Redis and this host); earlier than this it waits. */
const EARLY_TOLERANCE_MS = 5_000;

export interface EmailSendData {
  emailId: string;
}

/** One job per email row, ever: an add whose id is already queued, delayed or running is ignored. */
export function emailJobId(emailId: string): string {
  return `email-${emailId}`;
}

/** A kind's retries as BullMQ takes them: `attempts` with exponential backoff. */
export function jobRetries({ attempts, backoffMs }: EmailRetries): JobRetries {
  return { attempts, backoff: { type: 'exponential', delay: backoffMs } };
}

/**
 * Sends one `outbound_emails` row, whatever its kind. The row, committed by what called for it, is the source of
 * truth: its job is added after that commit (delayed to the row's `send_at`), and a sweep re-adds due rows that
 * have none (Redis was away), so an outage only delays. When it runs, the kind's template composes the mail from
 * the row and what holds now, or says why it no longer should go (the row is then skipped). A failure (the mail
 * server's, or the template's: an address not known yet) is recorded and retried with the kind's retries, then
 * the row is given up on (`failed`). At-least-once like every job: a crash between SMTP accepting and the row being
 * marked sent sends it again, under the same Message-ID; a row not pending is never sent again.
 */
@Injectable()
export class EmailSendJob implements JobHandler<EmailSendData> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly emails: OutboundEmailsRepository,
    private readonly templates: EmailTemplates,
    private readonly mailer: Mailer,
    private readonly preferences: EmailPreferencesRepository,
  ) {}

  async run(job: JobRun<EmailSendData>): Promise<{ sent: boolean; skipped?: string; suppressed?: string }> {
    const email = await this.emails.find(this.dataSource.manager, job.data.emailId);
    if (!email || email.status !== 'pending') return { sent: false };
    // The session clock, as the rows' `send_at` and the reminders' rules read it.
    const now = sessionNow();
    // Added early by hand or by a clock difference: the sweep adds it again once it is due.
    if (new Date(email.sendAt).getTime() > now.getTime() + EARLY_TOLERANCE_MS)
      return { sent: false, skipped: 'not due yet' };

    const template = this.templates.of(email.kind);
    // The member's switch is read now, when the email is due, not when it was planned (issue 36): one turned off
    // in between stops it, and the row says so (`suppressed`, kept for the ledger's story).
    const governed = email.recipientUserId === null ? null : switchOf(email.kind);
    if (governed !== null) {
      const preferences = await this.preferences.of(this.dataSource.manager, email.recipientUserId!);
      if (!preferences[governed]) {
        const reason = `${OPTIONAL_EMAIL_LABELS[governed]} turned off`;
        await this.emails.suppressed(email.id, reason);
        return { sent: false, suppressed: reason };
      }
    }
    let sent: { subject: string | null; text: string | null };
    try {
      const composed = await template.compose(email, now);
      if (isSkip(composed)) {
        await this.emails.skipped(email.id, composed.skip);
        return { sent: false, skipped: composed.skip };
      }
      const mail = governed === null ? composed : withUnsubscribe(composed, { userId: email.recipientUserId!, kind: governed }, this.config);
      await this.mailer.send(mail);
      sent = {
        subject: typeof mail.subject === 'string' ? mail.subject : null,
        text: typeof mail.text === 'string' ? mail.text : null,
      };
    } catch (error) {
      await this.emails.failed(email.id, { error: (error as Error).message.slice(0, 1000), final: job.finalAttempt });
      throw error;
    }
    await this.emails.sent(email.id, sent);
    return { sent: true };
  }

  /**
   * Due rows still pending (on the session clock), oldest first, each with its kind's retries; rows not yet due
   * wait for their job. After a test clock move the queue promotes the delayed jobs of the rows this answers.
   */
  async pending(): Promise<PendingJob<EmailSendData>[]> {
    const due = await this.emails.due(SWEEP_BATCH, sessionNow());
    return due.map(({ id, kind }) => ({
      jobId: emailJobId(id),
      data: { emailId: id },
      retries: jobRetries(this.templates.of(kind).retries(this.config)),
    }));
  }
}

/** What every email job keeps: finished jobs are dropped, failed ones kept a week for a look. */
function emailJobOptions(config: MessagingConfig): JobOptions {
  return {
    ...jobRetries({ attempts: config.BOOKING_EMAIL_ATTEMPTS, backoffMs: config.BOOKING_EMAIL_BACKOFF_MS }),
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 60 * 60 },
  };
}

export const emailSend = defineJob<EmailSendData, MessagingConfig>({
  queue: EMAIL_QUEUE,
  handler: EmailSendJob,
  // The five queues this one replaced ran 14 sends at once per replica between them; sends wait on SMTP, not CPU.
  concurrency: 8,
  // Each job is added with its kind's retries; these are the default.
  jobOptions: emailJobOptions,
  // As often as the most eager of the kinds asked to be swept before they shared this job.
  sweepEveryMs: (config) =>
    Math.min(config.BOOKING_EMAIL_SWEEP_MS, config.CONTACT_EMAIL_SWEEP_MS, config.MESSAGE_NUDGE_SWEEP_MS),
  // A reminder's `send_at` is an instant of the session (24 h before it): a test clock move makes it due (decision 0097).
  dueOnSessionClock: true,
  // The send in hand finishes while the database is still open.
  stopWaitMs: 5_000,
});
