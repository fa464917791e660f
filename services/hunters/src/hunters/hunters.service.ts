import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  sessionTypesError,
  type Currency,
  type Hunter,
  type HunterFigures,
  type HunterInputParsed,
  type HunterRevisionValues,
  type HunterUpdateParsed,
  type OwnHunter,
  type SessionTypes,
} from '@hunted/contracts';
import { BookingCopies, EventPublisher } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { hunterChangesOf, newHunterValues } from '../store/hunter-input.js';
import { deleteReplacedPhoto, HunterUploadQuotas, storedPhotoUrl } from '../store/hunter-photos.js';
import type { HunterListQuery } from '../store/hunter-query.js';
import { HunterRepository, ownHunterOf, type StoredHunter } from '../store/hunter.repository.js';
import { HunterDecisionRepository, vettedEventOf } from '../store/hunter-decision.repository.js';
import { HunterRevisionRepository, revisionAnswerOf } from '../store/hunter-revision.repository.js';
import {
  changesAreVetted,
  liveValuesOf,
  proposedValues,
  sameRevisionValues,
  splitVetted,
} from '../store/hunter-revisions.js';

/** Why a currency change is refused while the hunter has a session ahead (decision 0105). */
export const CURRENCY_CHANGE_BOOKED =
  'Your currency can change only while nothing is booked: you have sessions ahead priced in your current currency. Change it once they have taken place or been cancelled.';

/** The session types' prices checked in the profile's currency (the schema checked their shape): 400 naming the field. */
function checkPrices(sessionTypes: SessionTypes, currency: Currency): void {
  const error = sessionTypesError(sessionTypes, currency);
  if (error !== null) throw new BadRequestException({ statusCode: 400, message: error, errors: { sessionTypes: error } });
}

/** Profiles: the public listing and a hunter's page, and a member's own profile. */
@Injectable()
export class HuntersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterRepository,
    private readonly decisions: HunterDecisionRepository,
    private readonly revisions: HunterRevisionRepository,
    private readonly events: EventPublisher,
    private readonly uploads: HunterUploadQuotas,
    private readonly bookingCopies: BookingCopies,
  ) {}

  list(query: HunterListQuery): Promise<{ hunters: Hunter[]; total: number }> {
    return this.hunters.list(query);
  }

  figures(): Promise<HunterFigures> {
    return this.hunters.figures();
  }

  findById(id: number): Promise<Hunter> {
    return this.hunters.findById(id);
  }

  /** The caller's own profile: the live values, its history and the latest revision. */
  async findByUser(userId: string): Promise<OwnHunter> {
    const hunter = await this.hunters.findByUser(userId);
    return this.ownAnswer(this.dataSource.manager, hunter, userId);
  }

  /** A member's profile, pending review (the table's default), announced in the same transaction. */
  create(userId: string, input: HunterInputParsed): Promise<OwnHunter> {
    const values = newHunterValues(input);
    checkPrices(values.sessionTypes, values.currency);
    return this.dataSource.transaction(async (manager) => {
      const hunter = await this.hunters.insert(manager, userId, values);
      return ownHunterOf(hunter, userId, { decisions: [], revision: null });
    });
  }

  /**
   * The owner's edit, in one transaction with the row locked. An edit of a rejected profile sends it back to the
   * queue: the resubmission is recorded as a decision of the hunter's own and announced as hunters.hunter.vetted.
   * On an approved (or suspended) profile the vetted fields' changes wait in a pending revision (decision 0089) and
   * the rest applies at once.
   */
  update(id: number, userId: string, update: HunterUpdateParsed): Promise<OwnHunter> {
    return this.dataSource.transaction(async (manager) => {
      const locked = await this.hunters.lockOwn(manager, id, userId);
      const changes = hunterChangesOf(update);
      if (changes.sessionTypes !== undefined || changes.currency !== undefined) {
        checkPrices(changes.sessionTypes ?? locked.sessionTypes, changes.currency ?? locked.currency);
      }
      if (changes.currency !== undefined && changes.currency !== locked.currency && (await this.bookingCopies.hasSessionAhead(manager, id))) {
        throw new ConflictException(CURRENCY_CHANGE_BOOKED);
      }
      if (changesAreVetted(locked.status)) {
        const { immediate, vetted } = splitVetted(changes);
        await this.propose(manager, locked, userId, vetted);
        const hunter = Object.keys(immediate).length ? (await this.hunters.updateOwn(manager, id, userId, immediate)).hunter : locked;
        return this.ownAnswer(manager, hunter, userId);
      }
      const { hunter, fromStatus } = await this.hunters.updateOwn(manager, id, userId, changes);
      if (fromStatus === 'rejected') {
        const decision = await this.decisions.record(manager, {
          hunterId: id,
          decision: 'resubmit',
          revisionId: null,
          fromStatus,
          toStatus: hunter.status,
          reason: null,
          decidedBy: userId,
        });
        await this.events.publish(manager, 'hunters.hunter.vetted', vettedEventOf(hunter, decision));
      }
      return this.ownAnswer(manager, hunter, userId);
    });
  }

  /**
   * Merges an edit's vetted values into the hunter's pending revision (one at most: a newer change replaces it by a
   * new revision with both, so an admin never approves what they did not see). Values equal to the approved
   * profile's change nothing: no revision at all, or the pending one withdrawn when every change was put back. A
   * photo upload is stored now (it is not shown anywhere public until approved); one that a newer change replaces is
   * deleted.
   */
  private async propose(manager: EntityManager, hunter: StoredHunter, userId: string, sent: HunterRevisionValues): Promise<void> {
    if (!Object.keys(sent).length) return;
    const pending = await this.revisions.findPending(manager, hunter.id);
    const pendingPhoto = pending?.changes.profileImageUrl;
    const values = { ...sent };
    if (sent.profileImageUrl !== undefined && sent.profileImageUrl !== pendingPhoto) {
      values.profileImageUrl = await storedPhotoUrl(manager, this.uploads.profilePhotos, sent.profileImageUrl, userId, hunter.profileImageUrl);
    }
    const proposed = proposedValues(liveValuesOf(hunter), pending?.changes ?? null, values);
    if (pending && sameRevisionValues(pending.changes, proposed.changes)) return;
    const hasChanges = Object.keys(proposed.changes).length > 0;
    if (pending) {
      await this.revisions.close(manager, pending.id, {
        status: hasChanges ? 'superseded' : 'withdrawn',
        decidedBy: userId,
        reason: null,
      });
      if (pendingPhoto !== undefined) {
        await deleteReplacedPhoto(manager, userId, pendingPhoto, proposed.changes.profileImageUrl ?? hunter.profileImageUrl);
      }
      if (!hasChanges) await this.recordStep(manager, hunter, 'withdraw-revision', pending.id, userId);
    }
    if (!hasChanges) return;
    const revision = await this.revisions.insert(manager, hunter.id, proposed.changes, proposed.live);
    await this.recordStep(manager, hunter, 'revise', revision.id, userId);
  }

  /** A revision's step by the hunter, in the history (the status does not change). */
  private async recordStep(
    manager: EntityManager,
    hunter: StoredHunter,
    decision: 'revise' | 'withdraw-revision',
    revisionId: number,
    userId: string,
  ): Promise<void> {
    await this.decisions.record(manager, {
      hunterId: hunter.id,
      decision,
      revisionId,
      fromStatus: hunter.status,
      toStatus: hunter.status,
      reason: null,
      decidedBy: userId,
    });
  }

  private async ownAnswer(manager: EntityManager, hunter: StoredHunter, userId: string): Promise<OwnHunter> {
    const decisions = await this.decisions.listFor([hunter.id], manager);
    const revision = await this.revisions.latestFor(hunter.id, manager);
    return ownHunterOf(hunter, userId, {
      decisions: decisions.get(hunter.id) ?? [],
      revision: revision ? revisionAnswerOf(revision) : null,
    });
  }
}
