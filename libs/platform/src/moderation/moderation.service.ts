import { ConflictException, HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  moderationNoticePath,
  type ModerationDecidedV1,
  type ModerationItem,
  type ModerationNotice,
  type ModerationQueueFilter,
  type ReportableKind,
  type ReportInputFields,
  type ReportReceived,
} from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '../auth/internal-token.js';
import { now } from '../clock/clock.js';
import { EventPublisher } from '../events/event-publisher.js';
import { MODERATED_KINDS, type ModeratedItem, type ModeratedKind } from './moderated-kind.js';
import { appealStep, canAppeal, decisionStep, isRefusal, reportStep, type ModerationCommand } from './moderation-states.js';
import { ModerationStore, type ExportedAppeal, type ExportedReport, type StoredCase } from './moderation-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The event a service publishes for its admins' decisions (decision 0101): its own stream. */
export type ModerationDecidedEvent = 'brands.moderation.decided' | 'reviews.moderation.decided';

/** What ModerationModule.forService gives the service: its decided event and its daily cap of reports. */
export interface ModerationSettings {
  decidedEvent: ModerationDecidedEvent;
  reportsPerDay: number;
}

export const MODERATION_SETTINGS = Symbol('MODERATION_SETTINGS');

/** The admin's name as the queue shows who decided (kept as it was then). */
function displayName(user: AuthenticatedUser): string | null {
  return [user.firstName, user.lastName].filter((part) => part !== null && part.trim() !== '').join(' ') || null;
}

/**
 * The moderation kit's rules (decision 0101) for the kinds one service owns: members report, admins decide, authors
 * appeal once. Every change is one transaction that locks the item's case; a decision that shows or hides the item
 * asks its kind to do so in that transaction and announces itself through the service's outbox.
 */
@Injectable()
export class ModerationService {
  private readonly kinds: Map<ReportableKind, ModeratedKind>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: ModerationStore,
    private readonly events: EventPublisher,
    @Inject(MODERATED_KINDS) kinds: readonly ModeratedKind[],
    @Inject(MODERATION_SETTINGS) private readonly settings: ModerationSettings,
  ) {
    this.kinds = new Map(kinds.map((kind) => [kind.kind, kind]));
  }

  /** The kind's owner in this service; 404 for a kind another service owns or none does. */
  private kindOf(kind: ReportableKind): ModeratedKind {
    const owned = this.kinds.get(kind);
    if (!owned) throw new NotFoundException(MODERATION_MESSAGES.notFound);
    return owned;
  }

  private async itemOf(manager: EntityManager, kind: ModeratedKind, itemId: number): Promise<ModeratedItem> {
    const item = (await kind.load(manager, [itemId])).get(itemId);
    if (!item) throw new NotFoundException(MODERATION_MESSAGES.notFound);
    return item;
  }

  /**
   * A member's report of a shown item (never their own), once each, at most REPORTS_PER_DAY in any 24 hours of the
   * service clock: the reporter's lock holds to the commit, so concurrent reports are counted one after the other.
   * A closed case opens again.
   */
  async report(reporter: AuthenticatedUser, kindName: ReportableKind, itemId: number, input: ReportInputFields): Promise<ReportReceived> {
    const kind = this.kindOf(kindName);
    return this.dataSource.transaction(async (manager) => {
      const item = await this.itemOf(manager, kind, itemId);
      if (item.hidden) throw new NotFoundException(MODERATION_MESSAGES.notFound);
      if (item.authorUserId !== null && item.authorUserId === reporter.id) throw new ConflictException(MODERATION_MESSAGES.ownItem);
      await this.store.lockReporter(manager, reporter.id);
      const at = now();
      const made = await this.store.countReportsSince(manager, reporter.id, new Date(at.getTime() - DAY_MS));
      if (made >= this.settings.reportsPerDay) {
        const message = MODERATION_MESSAGES.tooMany(this.settings.reportsPerDay);
        throw new HttpException({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message }, HttpStatus.TOO_MANY_REQUESTS);
      }
      const stored = await this.store.lockCase(manager, kindName, itemId, item.authorUserId);
      const step = reportStep(stored);
      if (isRefusal(step)) throw new NotFoundException(step.refused);
      const details = input.details ?? null;
      if (!(await this.store.insertReport(manager, { kind: kindName, itemId, reporterUserId: reporter.id, reason: input.reason, details, at }))) {
        throw new ConflictException(MODERATION_MESSAGES.alreadyReported);
      }
      await this.store.updateCase(manager, stored.id, { state: 'open', waitingSince: step.startsWaiting ? at : stored.waitingSince });
      return { kind: kindName, itemId, reported: true };
    });
  }

  /** The admins' list of the kind: the queue (open and appealed, oldest waiting first), the hidden ones, or all. */
  async list(kindName: ReportableKind, filter: ModerationQueueFilter): Promise<ModerationItem[]> {
    const kind = this.kindOf(kindName);
    const manager = this.dataSource.manager;
    const cases = await this.store.listCases(manager, kindName, filter, MODERATION_LIMITS.queueMax);
    return this.itemsOf(manager, kind, cases);
  }

  /** Every case with its item (cases of items gone for good are left out), reports and decisions. */
  private async itemsOf(manager: EntityManager, kind: ModeratedKind, cases: readonly StoredCase[]): Promise<ModerationItem[]> {
    const items = await kind.load(manager, cases.map((stored) => stored.itemId));
    const shown = cases.filter((stored) => items.has(stored.itemId));
    const reports = await this.store.reportsOf(manager, shown);
    const decisions = await this.store.decisionsOf(manager, shown.map((stored) => stored.id));
    return shown.map((stored) => ({
      kind: stored.kind,
      itemId: stored.itemId,
      state: stored.state,
      content: items.get(stored.itemId)!.content,
      reports: reports.get(stored.id)!,
      waitingSince: stored.waitingSince?.toISOString() ?? null,
      hiddenReason: stored.hiddenReason,
      appeal: stored.appeal,
      decisions: decisions.get(stored.id)!,
    }));
  }

  /**
   * An admin's hide, restore or dismiss (decision 0101): in one transaction the decision is recorded, the open reports
   * are answered by it, the item is hidden or shown by its kind when that changes, and `<service>.moderation.decided`
   * goes to the outbox. 409 nothingToDecide when the command does not apply to the case's state.
   */
  async decide(
    admin: AuthenticatedUser,
    kindName: ReportableKind,
    itemId: number,
    command: ModerationCommand,
    reason: string | null,
  ): Promise<ModerationItem> {
    const kind = this.kindOf(kindName);
    return this.dataSource.transaction(async (manager) => {
      const item = await this.itemOf(manager, kind, itemId);
      const stored = await this.store.findCase(manager, kindName, itemId, true);
      const step = decisionStep(stored, command);
      if (isRefusal(step) || stored === null) throw new ConflictException(MODERATION_MESSAGES.nothingToDecide);
      const at = now();
      const reporterUserIds = await this.store.recordDecision(manager, stored, {
        action: step.action,
        reason,
        adminUserId: admin.id,
        adminName: displayName(admin),
        at,
      });
      await this.store.updateCase(manager, stored.id, {
        state: step.next,
        waitingSince: null,
        ...(step.setHidden === true ? { hiddenAt: at, hiddenReason: reason } : {}),
        ...(step.setHidden === false ? { hiddenAt: null, hiddenReason: null } : {}),
      });
      if (step.setHidden !== null) await kind.setHidden(manager, itemId, step.setHidden);
      const decided: ModerationDecidedV1 = {
        kind: kindName,
        itemId,
        action: step.action,
        reason,
        authorUserId: stored.authorUserId,
        reporterUserIds,
        itemTitle: item.content.title,
        noticePath: moderationNoticePath(kindName, itemId),
      };
      await this.events.publish(manager, this.settings.decidedEvent, decided);
      const after = (await this.store.findCase(manager, kindName, itemId))!;
      return (await this.itemsOf(manager, kind, [after]))[0]!;
    });
  }

  /** The author's (or an admin's) notice of a hidden item; 404 for anyone else and for an item never hidden. */
  async notice(viewer: AuthenticatedUser, kindName: ReportableKind, itemId: number): Promise<ModerationNotice> {
    const kind = this.kindOf(kindName);
    return this.noticeIn(this.dataSource.manager, viewer, kind, itemId);
  }

  private async noticeIn(manager: EntityManager, viewer: AuthenticatedUser, kind: ModeratedKind, itemId: number): Promise<ModerationNotice> {
    const item = await this.itemOf(manager, kind, itemId);
    const stored = await this.store.findCase(manager, kind.kind, itemId);
    const mayRead = viewer.isAdmin || (stored?.authorUserId !== null && stored?.authorUserId === viewer.id);
    if (!stored || !mayRead || !(await this.store.wasHidden(manager, stored.id))) {
      throw new NotFoundException(MODERATION_MESSAGES.notFound);
    }
    return {
      kind: kind.kind,
      itemId,
      state: stored.state,
      content: item.content,
      hiddenReason: stored.hiddenReason,
      hiddenAt: stored.hiddenAt?.toISOString() ?? null,
      appeal: stored.appeal,
      canAppeal: canAppeal(stored),
    };
  }

  /**
   * The author's one appeal of their hidden item: the case goes back into the queue as `appealed`. 404 for anyone
   * but the author (the notice is theirs alone), 409 notHidden or alreadyAppealed.
   */
  async appeal(author: AuthenticatedUser, kindName: ReportableKind, itemId: number, text: string): Promise<ModerationNotice> {
    const kind = this.kindOf(kindName);
    return this.dataSource.transaction(async (manager) => {
      await this.itemOf(manager, kind, itemId);
      const stored = await this.store.findCase(manager, kindName, itemId, true);
      if (!stored || stored.authorUserId === null || stored.authorUserId !== author.id) {
        throw new NotFoundException(MODERATION_MESSAGES.notFound);
      }
      const step = appealStep(stored);
      if (isRefusal(step)) throw new ConflictException(step.refused);
      const at = now();
      await this.store.updateCase(manager, stored.id, { state: step.next, waitingSince: at, appeal: { text, at } });
      return this.noticeIn(manager, author, kind, itemId);
    });
  }

  /** What the member reported and appealed here (their export, decision 0098). */
  async exportOf(manager: EntityManager, userId: string): Promise<{ reports: ExportedReport[]; appeals: ExportedAppeal[] }> {
    return { reports: await this.store.reportsBy(manager, userId), appeals: await this.store.appealsBy(manager, userId) };
  }

  /** A deleted member (decision 0098): their reports and cases stay without their id. */
  forgetMember(manager: EntityManager, userId: string): Promise<void> {
    return this.store.forgetMember(manager, userId);
  }
}

