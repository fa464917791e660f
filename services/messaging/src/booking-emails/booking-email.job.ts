import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineJob, now as sessionClock, SERVICE_CONFIG, type JobHandler, type JobRun, type PendingJob } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BookingCopies } from '../bookings/booking-copies.js';
import type { MessagingConfig } from '../config.js';
import { HunterCopies } from '../hunters/hunter-copies.js';
import { joiningFor, JoiningDetailsCopies } from '../hunters/joining/joining-details-copies.js';
import { emailJobOptions, sendRecorded } from '../mail/email-ledger.js';
import { Mailer } from '../mail/mailer.js';
import { fullName, MemberCopies } from '../users/member-copies.js';
import { bookingEmail } from './booking-email-content.js';
import { skipReason } from './email-rules.js';
import { OutboundEmailsRepository } from './outbound-emails.repository.js';

export const BOOKING_EMAIL_QUEUE = 'messaging-booking-email';
const SWEEP_BATCH = 100;
/** A job may fire a little before its row's time (clocks of Redis and this host); earlier than this it waits. */
const EARLY_TOLERANCE_MS = 5_000;

export interface BookingEmailData {
  emailId: string;
}

/** One job per email row, ever: an add whose id is already queued, delayed or running is ignored. */
export function bookingEmailJobId(emailId: string): string {
  return `booking-email-${emailId}`;
}

/**
 * Sends one `outbound_emails` row. The row, committed by the event that called for it, is the source of truth:
 * its job is added after that commit (delayed to the row's `send_at` for reminders), and a sweep re-adds due rows
 * that have none (Redis was away), so an outage only delays. When run, the row is re-checked against the booking
 * copy (`skipReason`): a reminder for a booking since moved, cancelled or started is skipped, not sent.
 * At-least-once like every job: a crash between SMTP accepting and the row being marked sent sends it again
 * under the same Message-ID.
 */
@Injectable()
export class BookingEmailJob implements JobHandler<BookingEmailData> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly emails: OutboundEmailsRepository,
    private readonly bookings: BookingCopies,
    private readonly members: MemberCopies,
    private readonly hunters: HunterCopies,
    private readonly joining: JoiningDetailsCopies,
    private readonly mailer: Mailer,
  ) {}

  async run(job: JobRun<BookingEmailData>): Promise<{ sent: boolean; skipped?: string }> {
    const manager = this.dataSource.manager;
    const email = await this.emails.find(manager, job.data.emailId);
    if (!email || email.status !== 'pending') return { sent: false };
    const now = new Date();
    // Added early by hand or by a clock difference: the sweep adds it again once it is due.
    if (new Date(email.sendAt).getTime() > now.getTime() + EARLY_TOLERANCE_MS)
      return { sent: false, skipped: 'not due yet' };

    const booking = await this.bookings.find(manager, email.bookingId);
    const reason = skipReason(
      { kind: email.kind, sequence: email.sequence, sendAt: new Date(email.sendAt) },
      booking,
      now,
      sessionClock(),
    );
    if (reason) {
      await this.emails.record(manager, email.id, { status: 'skipped', skippedReason: reason, countAttempt: false });
      return { sent: false, skipped: reason };
    }

    // The ledger records how it went; a failure (the member's address not known yet too) is retried.
    await sendRecorded(this.mailer, this.emails, email.id, job, async () => {
      const [recipient, client, hunter, joining] = await Promise.all([
        this.members.find(manager, email.recipientUserId),
        this.members.find(manager, email.facts.clientUserId),
        this.hunters.find(manager, email.facts.hunterId),
        // Private: read only for the client's email (the content also keeps it to the client's).
        email.role === 'client' ? this.joining.find(manager, email.facts.hunterId) : Promise.resolve(null),
      ]);
      // Identity's event may not have arrived yet: the retry finds it.
      if (!recipient?.email) throw new Error(`no email address known yet for member ${email.recipientUserId}`);
      return bookingEmail({
        emailId: email.id,
        kind: email.kind,
        role: email.role,
        facts: email.facts,
        recipient: {
          email: recipient.email,
          firstName: recipient.firstName,
          name: fullName(recipient) ?? recipient.email,
        },
        hunterName: hunter?.name ?? 'your hunter',
        clientName: (client && fullName(client)) ?? 'your client',
        publicUrl: this.config.PUBLIC_URL,
        mailFrom: this.config.MAIL_FROM,
        joining: email.role === 'client' ? joiningFor(email.facts.sessionType, joining) : null,
      });
    });
    return { sent: true };
  }

  /** Due rows still pending, oldest first; reminders not yet due wait for their delayed job or a later sweep. */
  async pending(): Promise<PendingJob<BookingEmailData>[]> {
    const ids = await this.emails.due(this.dataSource.manager, SWEEP_BATCH);
    return ids.map((emailId) => ({ jobId: bookingEmailJobId(emailId), data: { emailId } }));
  }
}

export const bookingEmailSend = defineJob<BookingEmailData, MessagingConfig>({
  queue: BOOKING_EMAIL_QUEUE,
  handler: BookingEmailJob,
  concurrency: 4,
  jobOptions: (config) => emailJobOptions(config.BOOKING_EMAIL_ATTEMPTS, config.BOOKING_EMAIL_BACKOFF_MS),
  sweepEveryMs: (config) => config.BOOKING_EMAIL_SWEEP_MS,
  stopWaitMs: 5_000,
});
