import { Injectable } from '@nestjs/common';
import { BookingCopies, forgetUploadQuotaOf, UserCopies, type UserDataEraser } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterEditRepository } from '../edits/hunter-edit.repository.js';
import { HunterDecisionRepository } from '../store/hunter-decision.repository.js';
import { deletePhotosOfErasedMember } from '../store/hunter-photos.js';
import { HunterRevisionRepository } from '../store/hunter-revision.repository.js';
import { HunterRepository } from '../store/hunter.repository.js';

/**
 * What hunters erases when a member's account is deleted (`identity.user.deleted`, in its inbox transaction: all or
 * nothing), each step through its table's owner; the table is services/hunters/README.md "## Your data". Nothing of
 * the member is kept: their hunter profile is deleted (and what cascades from it), the edits they sent or received,
 * their photos, their sessions in the booking copy, their name in the users copy and their upload counts. Their
 * decisions as an admin on other hunters stay in those hunters' histories without their id. A second run finds
 * nothing and publishes nothing.
 */
@Injectable()
export class HuntersDataEraser implements UserDataEraser {
  constructor(
    private readonly hunters: HunterRepository,
    private readonly edits: HunterEditRepository,
    private readonly decisions: HunterDecisionRepository,
    private readonly revisions: HunterRevisionRepository,
    private readonly sessions: BookingCopies,
    private readonly users: UserCopies,
  ) {}

  async erase(manager: EntityManager, userId: string): Promise<void> {
    const hunterId = await this.hunters.idOfUser(userId, manager);
    // Edits first: they point at the booking copy, and their photos must be known before the rows go.
    const editPhotos = await this.edits.deleteForErasure(manager, hunterId, userId);
    const erased = await this.hunters.eraseOfUser(manager, userId);
    await deletePhotosOfErasedMember(manager, userId, [...editPhotos, erased?.profileImageUrl ?? null]);
    await this.sessions.forgetMember(manager, userId, hunterId === null ? [] : [hunterId]);
    await this.decisions.forgetDecider(manager, userId);
    await this.revisions.forgetDecider(manager, userId);
    await this.users.forget(manager, userId);
    await forgetUploadQuotaOf(manager, userId);
  }
}
