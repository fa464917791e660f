import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';
import { EmailPlanner } from '../mail/email-planner.js';
import type { EmailRecipientRole } from '../mail/outbound-emails.repository.js';
import { MemberCopies } from '../users/member-copies.js';
import type { EditEmailFacts, EditEmailKind } from './edit-email.template.js';

/**
 * Writes the client's Hunter Edit email in the event's inbox transaction; once that commits, its job is queued. A
 * client messaging has never heard of gets none (as a vetting email to an unknown member); the email is once per
 * event (its id is the row's dedupe key), so a replayed event inserts nothing and queues nothing.
 */
@Injectable()
export class EditEmailPlanner {
  constructor(
    private readonly emails: EmailPlanner,
    private readonly members: MemberCopies,
  ) {}

  /** An edit arrived, or its hunter asks to publish it: the client is emailed once per event. */
  async plan(
    manager: EntityManager,
    event: IntegrationEvent<'hunters.edit.sent'> | IntegrationEvent<'hunters.edit.publish-requested'>,
    kind: Exclude<EditEmailKind, 'pick_chosen'>,
  ): Promise<void> {
    const { data } = event;
    if (!(await this.members.find(manager, data.clientUserId))) return;
    await this.write(manager, event.id, kind, 'client', data.clientUserId, {
      editId: data.editId,
      hunterId: data.hunterId,
      hunterName: data.hunterName,
      title: data.title,
    });
  }

  /** The day's Hunter's Pick hunter is told it is their day (an unclaimed demo hunter has nobody to tell). */
  async planPick(manager: EntityManager, event: IntegrationEvent<'hunters.pick.chosen'>): Promise<void> {
    const { data } = event;
    if (data.userId === null || !(await this.members.find(manager, data.userId))) return;
    await this.write(manager, event.id, 'pick_chosen', 'hunter', data.userId, {
      editId: null,
      hunterId: data.hunterId,
      hunterName: data.hunterName,
      title: data.day,
    });
  }

  private async write(
    manager: EntityManager,
    eventId: string,
    kind: EditEmailKind,
    role: EmailRecipientRole,
    recipientUserId: string,
    facts: EditEmailFacts,
  ): Promise<void> {
    await this.emails.plan(manager, [{ kind, role, recipientUserId, facts, sendAt: new Date(), dedupeKey: eventId }]);
  }
}
