import { Injectable } from '@nestjs/common';
import type { IntegrationEvent } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';
import { EmailPlanner } from '../mail/email-planner.js';
import { MemberCopies } from '../users/member-copies.js';
import { isEmailedDecision, vettingEmailKind, type VettingEmailFacts } from './vetting-email.template.js';

/**
 * Decides whether a vetting decision is emailed and writes the email in the event's inbox transaction; once that
 * commits, its job is queued. Every admin decision (a revision's too) is emailed to the hunter's member; the hunter's
 * own steps (a resubmission, a revision sent or withdrawn) are not, nor a hunter no member has claimed or whose member messaging has never heard of. The email is
 * once per event (its id is the row's dedupe key): a replayed event inserts nothing and queues nothing.
 */
@Injectable()
export class VettingEmailPlanner {
  constructor(
    private readonly emails: EmailPlanner,
    private readonly members: MemberCopies,
  ) {}

  async vetted(manager: EntityManager, event: IntegrationEvent<'hunters.hunter.vetted'>): Promise<void> {
    const { decision, userId } = event.data;
    if (!isEmailedDecision(decision) || !userId) return;
    if (!(await this.members.find(manager, userId))) return;
    const facts: VettingEmailFacts = {
      hunterId: event.data.hunterId,
      decision,
      hunterName: event.data.name,
      reason: event.data.reason,
    };
    await this.emails.plan(manager, [
      { kind: vettingEmailKind(decision), role: 'hunter', recipientUserId: userId, facts, sendAt: new Date(), dedupeKey: event.id },
    ]);
  }
}
