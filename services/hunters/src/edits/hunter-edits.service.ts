import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  HUNTER_EDIT_LIMITS,
  HUNTER_EDIT_MESSAGES,
  PAYOUT_MESSAGES,
  type BrandHunterEdits,
  type HunterEdit,
  type HunterEditInputParsed,
  type HunterEditPhoto,
  type PublishedHunterEdit,
} from '@hunted/contracts';
import { BookingCopies, EventPublisher, isEditable, now } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { HunterRepository } from '../store/hunter.repository.js';
import { HunterUploadQuotas, ownedPhotoUrls, storeOwnedUpload } from '../store/hunter-photos.js';
import { HunterEditRepository, privateEditOf, publishedEditOf, type EditPage, type Paging } from './hunter-edit.repository.js';

const M = HUNTER_EDIT_MESSAGES;

/** A page asked for as `?limit&offset` (either may be absent). */
export function pagingOf(query: { limit?: number; offset?: number }): Paging {
  return { limit: query.limit ?? HUNTER_EDIT_LIMITS.defaultLimit, offset: query.offset ?? 0 };
}

function refused(errors: Record<string, string>): BadRequestException {
  return new BadRequestException({ statusCode: 400, message: Object.values(errors).join('. '), errors });
}

/**
 * Hunter Edits (issue 25). Sending is one transaction: the session checked open to an edit (the outcome bookings
 * published, in the platform's booking copy) and the caller's, the brands and photos checked, the edit and its items written and `hunters.edit.sent` recorded with them. Who may do what is
 * decided here from the caller's id alone: the hunter (the profile whose `user_id` is the caller) sends and asks to
 * publish, the client answers; any other caller is told the edit does not exist, so ids reveal nothing.
 */
@Injectable()
export class HunterEditsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterRepository,
    private readonly sessions: BookingCopies,
    private readonly edits: HunterEditRepository,
    private readonly events: EventPublisher,
    private readonly uploads: HunterUploadQuotas,
  ) {}

  send(userId: string, input: HunterEditInputParsed): Promise<HunterEdit> {
    return this.dataSource.transaction(async (manager) => {
      const hunterId = await this.hunters.idOfUser(userId, manager);
      const copy = hunterId === null ? null : await this.sessions.find(manager, input.bookingId);
      // Unknown, another hunter's, or not open to an edit by what bookings published: the same 404 for each.
      if (hunterId === null || !copy || copy.hunterId !== hunterId || !isEditable(copy.outcome, now())) {
        throw new NotFoundException(M.sessionNotHeld);
      }
      const session = { bookingId: copy.bookingId, hunterId, clientUserId: copy.clientUserId };

      const brands = await this.edits.brandsAmong(manager, input.items.map((item) => item.brandId));
      const photos = input.items.map((item) => item.photoUrl).filter((url): url is string => url !== null);
      const owned = await ownedPhotoUrls(manager, userId, photos);
      const errors: Record<string, string> = {};
      input.items.forEach((item, index) => {
        if (!brands.has(item.brandId)) errors[`items.${index}.brandId`] ??= M.brand;
        if (item.photoUrl !== null && !owned.has(item.photoUrl)) errors[`items.${index}.photoUrl`] ??= M.photo;
      });
      if (Object.keys(errors).length > 0) throw refused(errors);

      const id = await this.edits.insert(manager, { hunterId: session.hunterId, clientUserId: session.clientUserId, input, brands });
      if (id === null) throw new ConflictException(M.alreadySent);
      const edit = (await this.edits.find(id, manager))!;
      await this.events.publish(manager, 'hunters.edit.sent', {
        editId: id,
        bookingId: session.bookingId,
        hunterId: session.hunterId,
        hunterName: edit.hunter.name,
        clientUserId: session.clientUserId,
        title: edit.title,
        itemCount: edit.items.length,
      });
      return privateEditOf(edit);
    });
  }

  /**
   * An item photo, uploaded before the edit is sent: only an approved hunter uploads them (404 without a profile,
   * 403 for one not approved), within the day's allowance (429); pruned if no edit takes it within a day.
   */
  async uploadPhoto(userId: string, photo: string): Promise<HunterEditPhoto> {
    return this.dataSource.transaction(async (manager) => {
      const standing = await this.hunters.standingOfUser(userId, manager);
      if (!standing) throw new NotFoundException(PAYOUT_MESSAGES.noHunterProfile);
      if (standing?.status !== 'approved') throw new ForbiddenException(M.photoNeedsApproval);
      return { url: await storeOwnedUpload(manager, this.uploads.editPhotos, photo, userId, 'photo') };
    });
  }

  /** The hunter and the client read it in any state; anyone else (a guest too) only once published, without them. */
  async findOne(id: number, userId: string | null): Promise<HunterEdit | PublishedHunterEdit> {
    const edit = await this.edits.find(id);
    if (edit && userId !== null && (edit.hunterUserId === userId || edit.clientUserId === userId)) return privateEditOf(edit);
    if (edit?.publication === 'published' && edit.hunterApproved) return publishedEditOf(edit);
    throw new NotFoundException(M.notFound);
  }

  /** The caller's hunter's edits; a member without a hunter profile has sent none. */
  async sent(userId: string, paging: Paging): Promise<EditPage<HunterEdit>> {
    const hunterId = await this.hunters.idOfUser(userId);
    if (hunterId === null) return { edits: [], total: 0 };
    const page = await this.edits.sentBy(hunterId, paging);
    return { edits: page.edits.map(privateEditOf), total: page.total };
  }

  async received(userId: string, paging: Paging): Promise<EditPage<HunterEdit>> {
    const page = await this.edits.receivedBy(userId, paging);
    return { edits: page.edits.map(privateEditOf), total: page.total };
  }

  /** An approved hunter's published edits (404 'Hunter not found' for any other id, as their page). */
  async publishedBy(hunterId: number, paging: Paging): Promise<EditPage<PublishedHunterEdit>> {
    await this.hunters.findById(hunterId);
    const page = await this.edits.publishedBy(hunterId, paging);
    return { edits: page.edits.map(publishedEditOf), total: page.total };
  }

  async forBrand(brandId: number, paging: Paging): Promise<BrandHunterEdits> {
    const page = await this.edits.publishedNaming(brandId, paging);
    return { hunterCount: page.hunterCount, total: page.total, edits: page.edits.map(publishedEditOf) };
  }

  /**
   * The hunter asks, once, to publish: from `private` only (409 otherwise, a declined edit included). The row is
   * locked, so two racing requests make one request and one event.
   */
  requestPublication(id: number, userId: string): Promise<HunterEdit> {
    return this.dataSource.transaction(async (manager) => {
      const edit = await this.edits.lock(manager, id);
      if (!edit || edit.hunterUserId !== userId) throw new NotFoundException(M.notFound);
      if (edit.publication !== 'private') throw new ConflictException(M.publishAskedOnce);
      await this.edits.markRequested(manager, id);
      await this.events.publish(manager, 'hunters.edit.publish-requested', {
        editId: edit.id,
        bookingId: edit.bookingId,
        hunterId: edit.hunterId,
        hunterName: edit.hunterName,
        clientUserId: edit.clientUserId,
        title: edit.title,
      });
      return privateEditOf((await this.edits.find(id, manager))!);
    });
  }

  /** The client's one answer to the request (row locked): published now, or declined for good. */
  answerPublication(id: number, userId: string, allow: boolean): Promise<HunterEdit> {
    return this.dataSource.transaction(async (manager) => {
      const edit = await this.edits.lock(manager, id);
      if (!edit || edit.clientUserId !== userId) throw new NotFoundException(M.notFound);
      if (edit.publication === 'private') throw new ConflictException(M.notAsked);
      if (edit.publication !== 'requested') throw new ConflictException(M.alreadyAnswered);
      await this.edits.answer(manager, id, allow);
      return privateEditOf((await this.edits.find(id, manager))!);
    });
  }

  /**
   * The client takes back the consent that published the edit (row locked): it leaves the hunter's page, the brand
   * pages, the listing's `brand` and `valueTag` filters (the known-value-tags triggers recompute the hunter's tags in
   * this transaction) and its photos stop being served to anyone but the two. Withdrawing a withdrawn edit changes
   * nothing and answers it as it is; an edit never published is 409.
   */
  withdrawConsent(id: number, userId: string): Promise<HunterEdit> {
    return this.dataSource.transaction(async (manager) => {
      const edit = await this.edits.lock(manager, id);
      if (!edit || edit.clientUserId !== userId) throw new NotFoundException(M.notFound);
      if (edit.publication === 'published') await this.edits.withdraw(manager, id);
      else if (edit.publication !== 'withdrawn') throw new ConflictException(M.notPublished);
      return privateEditOf((await this.edits.find(id, manager))!);
    });
  }
}
