import type { ModerationAction, ReportableKind } from '../http/moderation.js';

/**
 * What the owners of reportable items (brands, reviews) publish when an admin decides on one (decision 0101):
 * `<service>.moderation.decided` on their own stream. Messaging tells the author (hidden: why, and the link to
 * appeal once; restored; appeal rejected) and the reporters (hidden or dismissed); hunters hides (or shows again)
 * its copy of a brand.
 */
export interface ModerationDecidedV1 {
  kind: ReportableKind;
  itemId: number;
  action: ModerationAction;
  /** The admin's reason as the author is told it (required for `hidden`). */
  reason: string | null;
  /** Who wrote or submitted the item; null once they deleted their account. */
  authorUserId: string | null;
  /** The members whose reports this decision answers (open reports only), each once. */
  reporterUserIds: string[];
  /** What the emails call the item, e.g. "your review of Nudie Jeans" reads "Review of Nudie Jeans". */
  itemTitle: string;
  /** The web path of the author's notice (`/moderation/{kind}/{id}`), where they may appeal. */
  noticePath: string;
}

/**
 * Reviews: a brand review was hidden or shown again by an admin; brands leaves it out of (or counts it back into)
 * the brand's rating, recomputed from the visible reviews.
 */
export interface ReviewVisibilityChangedV1 {
  reviewId: number;
  brandId: number;
  hidden: boolean;
}
