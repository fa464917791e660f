import type { ModeratedContent, ReportableKind } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

/**
 * What a service tells the moderation kit (this folder, decision 0101) about one kind of item it owns. The kit keeps
 * the reports, the cases, the admins' decisions and the author's appeal in the service's own schema; the item's own
 * table keeps only whether it is hidden, which every read of the service filters on.
 */
export interface ModeratedItem {
  /** Who wrote or submitted it (null once they deleted their account): they cannot report it, and they are told. */
  authorUserId: string | null;
  /** Hidden by moderation now. */
  hidden: boolean;
  content: ModeratedContent;
}

export interface ModeratedKind {
  readonly kind: ReportableKind;
  /** The items as members see them, by id; ids of items that are gone are absent from the map. */
  load(manager: EntityManager, itemIds: readonly number[]): Promise<Map<number, ModeratedItem>>;
  /**
   * Hides or shows the item inside the decision's transaction: every read, list, count and cache of the service
   * leaves it out (or takes it back), and copies other services keep learn of it through the service's outbox.
   */
  setHidden(manager: EntityManager, itemId: number, hidden: boolean): Promise<void>;
}

/** The injection token of a service's kinds (`ModerationModule.forService({ kinds })` provides it). */
export const MODERATED_KINDS = Symbol('MODERATED_KINDS');
