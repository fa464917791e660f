import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  HUNTER_DECISION_FROM,
  HUNTER_DECISION_STATUS,
  VETTING_MESSAGES,
  type AdminHunter,
  type AdminHunterListQueryParsed,
  type HunterDecision,
  type HunterDecisionKind,
  type HunterRevisionDecisionKind,
} from '@hunted/contracts';
import { EventPublisher, pageOf, searchQueryOf, withoutUndefined } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { adminHunterOf, HunterRepository, type StoredHunter } from '../store/hunter.repository.js';
import { HunterDecisionRepository, vettedEventOf } from '../store/hunter-decision.repository.js';
import { deleteReplacedPhoto } from '../store/hunter-photos.js';
import { HunterRevisionRepository, revisionAnswerOf, type StoredRevision } from '../store/hunter-revision.repository.js';

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
    private readonly revisions: HunterRevisionRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(query: AdminHunterListQueryParsed): Promise<{ hunters: AdminHunter[]; total: number }> {
    const filters = withoutUndefined({
      status: query.status,
      pendingRevision: query.revision === 'pending' ? true : undefined,
      search: query.search === undefined ? undefined : searchQueryOf(query.search),
    });
    const paging = pageOf(query, ADMIN_PAGE_SIZE) ?? { limit: ADMIN_PAGE_SIZE, offset: 0 };
    const { hunters, total } = await this.hunters.listForAdmin(filters, paging);
    const ids = hunters.map((hunter) => hunter.id);
    const decisions = await this.decisions.listFor(ids);
    const revisions = await this.revisions.pendingFor(ids);
    return { hunters: hunters.map((hunter) => this.answer(hunter, decisions, revisions)), total };
  }

  async findOne(id: number): Promise<AdminHunter> {
    const hunter = await this.hunters.findStored(id);
    return this.answerOne(this.dataSource.manager, hunter);
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
        revisionId: null,
        fromStatus: standing.status,
        toStatus: status,
        reason,
        decidedBy: adminId,
      });
      await this.events.publish(manager, 'hunters.hunter.vetted', vettedEventOf(hunter, decision));
      return this.answerOne(manager, hunter);
    });
  }

  /**
   * An admin's decision on a pending revision (decision 0089), in one transaction with the hunter's row and the
   * revision locked: 404 for no hunter or a revision not this hunter's, 403 on the admin's own profile, 409 for a
   * revision no longer pending (decided, or replaced by a newer change). Approving applies its values to the profile
   * (hunters.hunter.updated goes out then, with what other services copy) and deletes the photo it replaces;
   * rejecting keeps the approved values, deletes the refused upload and keeps the reason for the hunter. Either is in
   * the history and announced as hunters.hunter.vetted (messaging emails the hunter). The status does not change.
   */
  decideRevision(
    kind: HunterRevisionDecisionKind,
    id: number,
    revisionId: number,
    adminId: string,
    reason: string | null,
  ): Promise<AdminHunter> {
    return this.dataSource.transaction(async (manager) => {
      const standing = await this.hunters.lockForDecision(manager, id);
      if (standing.userId === adminId) throw new ForbiddenException(VETTING_MESSAGES.ownProfile);
      const revision = await this.revisions.lockPending(manager, id, revisionId);
      const before = await this.hunters.findStored(id, manager);
      const proposedPhoto = revision.changes.profileImageUrl;
      let hunter = before;
      if (kind === 'approve') {
        hunter = await this.hunters.applyRevision(manager, id, revision.changes);
        if (proposedPhoto !== undefined && standing.userId) {
          await deleteReplacedPhoto(manager, standing.userId, before.profileImageUrl, hunter.profileImageUrl);
        }
      } else if (proposedPhoto !== undefined && standing.userId) {
        await deleteReplacedPhoto(manager, standing.userId, proposedPhoto, before.profileImageUrl);
      }
      await this.revisions.close(manager, revision.id, {
        status: kind === 'approve' ? 'approved' : 'rejected',
        decidedBy: adminId,
        reason,
      });
      const decision = await this.decisions.record(manager, {
        hunterId: id,
        decision: kind === 'approve' ? 'approve-revision' : 'reject-revision',
        revisionId: revision.id,
        fromStatus: standing.status,
        toStatus: standing.status,
        reason,
        decidedBy: adminId,
      });
      await this.events.publish(manager, 'hunters.hunter.vetted', vettedEventOf(hunter, decision));
      return this.answerOne(manager, hunter);
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
      return this.answerOne(manager, hunter);
    });
  }

  private async answerOne(manager: EntityManager, hunter: StoredHunter): Promise<AdminHunter> {
    const decisions = await this.decisions.listFor([hunter.id], manager);
    const revisions = await this.revisions.pendingFor([hunter.id], manager);
    return this.answer(hunter, decisions, revisions);
  }

  private answer(hunter: StoredHunter, decisions: Map<number, HunterDecision[]>, revisions: Map<number, StoredRevision>): AdminHunter {
    const revision = revisions.get(hunter.id);
    return adminHunterOf(hunter, decisions.get(hunter.id) ?? [], revision ? revisionAnswerOf(revision) : null);
  }
}
