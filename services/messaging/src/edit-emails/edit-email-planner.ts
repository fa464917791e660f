import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import { AfterCommit, InjectJobQueue, type JobQueue } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { MemberCopies } from '../users/member-copies.js';
import { EditEmailsRepository, type EditEmailKind } from './edit-emails.repository.js';
import { editEmailJobId, editEmailSend, type EditEmailData } from './edit-email.job.js';

/**
 * Writes the client's Hunter Edit email in the event's inbox transaction; once that commits, its job is queued. A
 * client messaging has never heard of gets none (as a vetting email to an unknown member); a replayed event inserts
 * nothing and queues nothing.
 */
@Injectable()
export class EditEmailPlanner {
  constructor(
    private readonly emails: EditEmailsRepository,
    private readonly members: MemberCopies,
    private readonly afterCommit: AfterCommit,
    @InjectJobQueue(editEmailSend) private readonly queue: JobQueue<EditEmailData>,
  ) {}

  /** An edit arrived, or its hunter asks to publish it: the client is emailed once per event. */
  async plan(
    manager: EntityManager,
    event: IntegrationEvent<'hunters.edit.sent'> | IntegrationEvent<'hunters.edit.publish-requested'>,
    kind: EditEmailKind,
  ): Promise<void> {
    const { data } = event;
    if (!(await this.members.find(manager, data.clientUserId))) return;
    const id = await this.emails.insert(manager, {
      eventId: event.id,
      kind,
      editId: data.editId,
      hunterId: data.hunterId,
      recipientUserId: data.clientUserId,
      hunterName: data.hunterName,
      title: data.title,
    });
    this.enqueue(manager, id);
  }

  /** The day's Hunter's Pick hunter is told it is their day (an unclaimed demo hunter has nobody to tell). */
  async planPick(manager: EntityManager, event: IntegrationEvent<'hunters.pick.chosen'>): Promise<void> {
    const { data } = event;
    if (data.userId === null || !(await this.members.find(manager, data.userId))) return;
    const id = await this.emails.insert(manager, {
      eventId: event.id,
      kind: 'pick_chosen',
      editId: null,
      hunterId: data.hunterId,
      recipientUserId: data.userId,
      hunterName: data.hunterName,
      title: data.day,
    });
    this.enqueue(manager, id);
  }

  private enqueue(manager: EntityManager, id: string | null): void {
    if (!id) return;
    // Not awaited: what could not be added the sweep adds.
    this.afterCommit.enqueue(manager, this.queue, { emailId: id }, { jobId: editEmailJobId(id) });
  }
}
