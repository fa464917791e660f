import { Inject, Injectable } from '@nestjs/common';
import { AfterCommit, InjectJobQueue, nowMs, SERVICE_CONFIG, type JobQueue } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { emailJobId, emailSend, jobRetries, type EmailSendData } from './email-send.job.js';
import { EmailTemplates } from './email-templates.js';
import { OutboundEmailsRepository, type NewOutboundEmail, type PlannedEmail } from './outbound-emails.repository.js';

/**
 * The planner call every kind of email makes: writes its rows in the caller's transaction (the inbox transaction
 * of the event that calls for them, or the form's) and, once that commits, queues each new row's job, delayed
 * until its `send_at`. A row the once-keys refuse (a replay) is neither written nor queued. Redis being away only
 * delays: the email job's sweep queues the due rows that have no job.
 */
@Injectable()
export class EmailPlanner {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    private readonly emails: OutboundEmailsRepository,
    private readonly templates: EmailTemplates,
    private readonly afterCommit: AfterCommit,
    @InjectJobQueue(emailSend) private readonly queue: JobQueue<EmailSendData>,
  ) {}

  /** Writes the emails not written yet and queues them after the commit; answers those it wrote. */
  async plan(manager: EntityManager, emails: readonly NewOutboundEmail[]): Promise<PlannedEmail[]> {
    const planned = await this.emails.insert(manager, emails);
    this.queueAfterCommit(manager, planned);
    return planned;
  }

  /** Queues rows another statement of the ledger wrote (the review requests) once the transaction commits. */
  queueAfterCommit(manager: EntityManager, planned: readonly PlannedEmail[]): void {
    if (planned.length === 0) return;
    this.afterCommit.run(manager, () => {
      for (const { id, kind, sendAt } of planned) {
        // On the session clock, as `send_at` is: after a test moved the clock, a reminder now due goes at once.
        const delay = Math.max(0, new Date(sendAt).getTime() - nowMs());
        const retries = jobRetries(this.templates.of(kind).retries(this.config));
        // Not awaited: the caller moves on; what could not be added the sweep adds once it is due.
        void this.queue.tryAdd({ emailId: id }, { jobId: emailJobId(id), delay, ...retries });
      }
    });
  }

  /**
   * Takes the jobs of rows a change made pointless (already marked skipped) out of Redis once the transaction
   * commits: a reminder's delayed job would otherwise wait there, days perhaps, only to find its row skipped. Not
   * awaited: a job left behind (Redis away) still checks its row and does nothing.
   */
  dequeueAfterCommit(manager: EntityManager, emailIds: readonly string[]): void {
    this.afterCommit.dequeue(manager, this.queue, emailIds.map(emailJobId));
  }
}
