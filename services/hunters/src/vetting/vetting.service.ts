import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  HUNTER_DECISION_FROM,
  HUNTER_DECISION_STATUS,
  VETTING_MESSAGES,
  type AdminHunter,
  type AdminHunterListQueryParsed,
  type HunterDecisionKind,
} from '@hunted/contracts';
import { EventPublisher, pageOf, searchQueryOf, withoutUndefined } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { adminHunterOf, HunterRepository } from '../store/hunter.repository.js';
import { HunterDecisionRepository, vettedEventOf } from '../store/hunter-decision.repository.js';

/** The 409 of featuring a hunter who is not approved (only approved hunters are listed, so only they can show first). */
export const FEATURE_NOT_APPROVED = 'Only an approved hunter can be featured';

/** A page of the admin list when the query names none. */
export const ADMIN_PAGE_SIZE = 50;

/**
 * Vetting: the concierge team's queue and decisions. Each decision is one transaction: the hunter's row locked, its
 * status and reason set, the decision recorded, and hunters.hunter.updated (with the status) and
 * hunters.hunter.vetted written to the outbox, so they commit with the row or not at all.
 */
@Injectable()
export class VettingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterRepository,
    private readonly decisions: HunterDecisionRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(query: AdminHunterListQueryParsed): Promise<{ hunters: AdminHunter[]; total: number }> {
    const filters = withoutUndefined({
      status: query.status,
      search: query.search === undefined ? undefined : searchQueryOf(query.search),
    });
    const paging = pageOf(query, ADMIN_PAGE_SIZE) ?? { limit: ADMIN_PAGE_SIZE, offset: 0 };
    const { hunters, total } = await this.hunters.listForAdmin(filters, paging);
    const decisions = await this.decisions.listFor(hunters.map((hunter) => hunter.id));
    return { hunters: hunters.map((hunter) => adminHunterOf(hunter, decisions.get(hunter.id) ?? [])), total };
  }

  async findOne(id: number): Promise<AdminHunter> {
    const hunter = await this.hunters.findStored(id);
    const decisions = await this.decisions.listFor([id]);
    return adminHunterOf(hunter, decisions.get(id) ?? []);
  }

  /**
   * An admin's decision on a hunter: 404 for no hunter, 403 on their own profile, 409 from a status the decision
   * is not taken from (HUNTER_DECISION_FROM). Rejecting or suspending keeps the reason on the profile (the hunter
   * sees it); approving or reinstating clears it (a note, if given, is kept with the decision only).
   */
  decide(kind: HunterDecisionKind, id: number, adminId: string, reason: string | null): Promise<AdminHunter> {
    return this.dataSource.transaction(async (manager) => {
      const standing = await this.hunters.lockForDecision(manager, id);
      if (standing.userId === adminId) throw new ForbiddenException(VETTING_MESSAGES.ownProfile);
      if (!HUNTER_DECISION_FROM[kind].includes(standing.status)) throw new ConflictException(VETTING_MESSAGES.wrongStatus);
      const status = HUNTER_DECISION_STATUS[kind];
      const shownReason = status === 'rejected' || status === 'suspended' ? reason : null;
      const hunter = await this.hunters.setStatus(manager, id, status, shownReason);
      const decision = await this.decisions.record(manager, {
        hunterId: id,
        decision: kind,
        fromStatus: standing.status,
        toStatus: status,
        reason,
        decidedBy: adminId,
      });
      await this.events.publish(manager, 'hunters.hunter.vetted', vettedEventOf(hunter, decision));
      const decisions = await this.decisions.listFor([id], manager);
      return adminHunterOf(hunter, decisions.get(id) ?? []);
    });
  }

  /**
   * Shows an approved hunter first in 'Our top picks', or stops: 404 for no hunter, 403 on the admin's own profile,
   * 409 to feature one that is not approved (unfeaturing is allowed from any status). hunters.hunter.updated goes out
   * with the row, as with every change of a profile.
   */
  feature(id: number, adminId: string, featured: boolean): Promise<AdminHunter> {
    return this.dataSource.transaction(async (manager) => {
      const standing = await this.hunters.lockForDecision(manager, id);
      if (standing.userId === adminId) throw new ForbiddenException(VETTING_MESSAGES.ownProfile);
      if (featured && standing.status !== 'approved') throw new ConflictException(FEATURE_NOT_APPROVED);
      const hunter = await this.hunters.setFeatured(manager, id, featured);
      const decisions = await this.decisions.listFor([id], manager);
      return adminHunterOf(hunter, decisions.get(id) ?? []);
    });
  }
}
