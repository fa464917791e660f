import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import { AfterCommit, InjectJobQueue, type JobQueue } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { MemberCopies } from '../users/member-copies.js';
import { HunterEmailsRepository } from './hunter-emails.repository.js';
import { vettingEmailJobId, vettingEmailSend, type VettingEmailData } from './vetting-email.job.js';

/**
 * Decides whether a vetting decision is emailed and writes the email in the event's inbox transaction; once that
 * commits, its job is queued. Every admin decision is emailed to the hunter's member; a resubmission (the hunter's
 * own edit) is not, nor a hunter no member has claimed or whose member messaging has never heard of. A replayed
 * event inserts nothing and queues nothing.
 */
@Injectable()
export class VettingEmailPlanner {
  constructor(
    private readonly emails: HunterEmailsRepository,
    private readonly members: MemberCopies,
    private readonly afterCommit: AfterCommit,
    @InjectJobQueue(vettingEmailSend) private readonly queue: JobQueue<VettingEmailData>,
  ) {}

  async vetted(manager: EntityManager, event: IntegrationEvent<'hunters.hunter.vetted'>): Promise<void> {
    const { decision, userId } = event.data;
    if (decision === 'resubmit' || !userId) return;
    if (!(await this.members.find(manager, userId))) return;
    const id = await this.emails.insert(manager, {
      eventId: event.id,
      hunterId: event.data.hunterId,
      recipientUserId: userId,
      decision,
      hunterName: event.data.name,
      reason: event.data.reason,
    });
    if (!id) return;
    // Not awaited: what could not be added the sweep adds.
    this.afterCommit.enqueue(manager, this.queue, { emailId: id }, { jobId: vettingEmailJobId(id) });
  }
}
