import { Inject, Injectable, Logger } from '@nestjs/common';
import { defineJob, SERVICE_CONFIG, type JobHandler } from '@hunted/platform';
import type { MessagingConfig } from '../config.js';
import { OutboundEmailsRepository } from '../mail/outbound-emails.repository.js';

const EVERY_HOUR = 60 * 60 * 1000;
const BATCH = 1000;

/**
 * Retention without a request (issue 36): the text of an email that went (or will never go) is kept
 * `EMAIL_BODY_RETENTION_DAYS` after it was sent (or planned), then pruned: `body_text` and the row's `facts` are
 * emptied and `body_pruned_at` set. The row stays with its kind, recipient, state, subject and times, which is what
 * the ledger's once-rules and interval checks read. Pending rows are never touched (their facts are still needed).
 */
@Injectable()
export class EmailBodyRetentionJob implements JobHandler {
  private readonly logger = new Logger(EmailBodyRetentionJob.name);

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    private readonly emails: OutboundEmailsRepository,
  ) {}

  async run(): Promise<{ pruned: number }> {
    let pruned = 0;
    for (;;) {
      const count = await this.emails.pruneBodies(this.config.EMAIL_BODY_RETENTION_DAYS, BATCH);
      pruned += count;
      if (count < BATCH) break;
    }
    if (pruned > 0) this.logger.log(`pruned the text of ${pruned} email(s) older than ${this.config.EMAIL_BODY_RETENTION_DAYS} days`);
    return { pruned };
  }
}

export const emailBodyRetention = defineJob<undefined, MessagingConfig>({
  queue: 'messaging-email-body-retention',
  handler: EmailBodyRetentionJob,
  schedule: { id: 'email-body-retention', repeat: { every: EVERY_HOUR } },
  jobOptions: { attempts: 1, removeOnComplete: 24, removeOnFail: 100 },
});
