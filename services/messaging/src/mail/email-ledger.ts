import type { JobOptions, JobRun } from '@hunted/platform';
import type { SendMailOptions } from 'nodemailer';
import type { Mailer } from './mailer.js';

/** A failed attempt: what the mail server (or the composing) said, and whether the queue retries it. */
export interface EmailFailure {
  error: string;
  /** The job's last attempt: the email is given up on. */
  final: boolean;
}

/**
 * Where a kind of email records each attempt, keyed by what the email is about (an `outbound_emails` row, a contact
 * submission, a conversation's side). Each owner's repository is its ledger: it answers what is still to send
 * (its row pending, or its claim taken) and records here how the attempt went. Both records touch only a row still
 * pending (or the claim still held), so a duplicate job, a sweep race or a retry after a crash never undoes a sent
 * email: sending is at-least-once, recording idempotent by key.
 */
export interface EmailLedger<Key> {
  /** The mail server took it. */
  sent(key: Key): Promise<void>;
  /** It did not; the queue retries unless `final`. */
  failed(key: Key, failure: EmailFailure): Promise<void>;
}

/**
 * The one send-and-record step every email job shares: composes the mail (which may find it cannot yet, and throw),
 * sends it, and records the outcome in the ledger. A failure is recorded (given up on at the job's last attempt)
 * and thrown again, so the queue retries and logs it.
 */
export async function sendRecorded<Key>(
  mailer: Mailer,
  ledger: EmailLedger<Key>,
  key: Key,
  job: Pick<JobRun<unknown>, 'finalAttempt'>,
  compose: () => SendMailOptions | Promise<SendMailOptions>,
): Promise<void> {
  try {
    await mailer.send(await compose());
  } catch (error) {
    await ledger.failed(key, { error: (error as Error).message.slice(0, 1000), final: job.finalAttempt });
    throw error;
  }
  await ledger.sent(key);
}

/** The retries every email job has: `attempts` with exponential backoff; failed jobs kept a week for a look. */
export function emailJobOptions(attempts: number, backoffMs: number): JobOptions {
  return {
    attempts,
    backoff: { type: 'exponential', delay: backoffMs },
    removeOnComplete: true,
    removeOnFail: { age: 7 * 24 * 60 * 60 },
  };
}
