/**
 * Reporting and moderating what members write (issue 37 items 7–9, decision 0101): one shape for every kind of item.
 * Each kind is owned by the service that stores it (brands: brands; brand reviews, comments and reviews of hunters:
 * reviews); that service keeps its reports, its hidden state, the admins' decisions and the author's appeal, with the
 * one moderation kit of libs/platform (src/moderation). The gateway routes `/api/reports/{kind}`,
 * `/api/admin/moderation/{kind}` and `/api/moderation/{kind}` to the owner by the kind segment.
 */

export const REPORTABLE_KINDS = ['brand', 'brand-review', 'comment', 'hunter-review'] as const;
export type ReportableKind = (typeof REPORTABLE_KINDS)[number];

/** The service that owns each kind's items, and so its reports, hides and appeals. */
export const MODERATION_OWNERS = {
  brand: 'brands',
  'brand-review': 'reviews',
  comment: 'reviews',
  'hunter-review': 'reviews',
} as const satisfies Record<ReportableKind, 'brands' | 'reviews'>;

/** What a person calls each kind (the dialog's title, the queue's labels, the emails). */
export const REPORTABLE_KIND_LABELS: Record<ReportableKind, string> = {
  brand: 'brand',
  'brand-review': 'review',
  comment: 'comment',
  'hunter-review': 'review of a hunter',
};

/** The short list a reporter picks from (the Online Safety Act's kinds of harm, in plain words). */
export const REPORT_REASONS = ['spam', 'abuse', 'hate', 'misleading', 'illegal', 'private-information', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  abuse: 'Harassment or bullying',
  hate: 'Hateful or violent',
  misleading: 'False or misleading',
  illegal: 'Illegal, counterfeit or unsafe',
  'private-information': "Someone's private information",
  other: 'Something else',
};

export const MODERATION_LIMITS = {
  /** A report's optional words. */
  reportDetailsMax: 500,
  /** An admin's reason for a decision (required to hide). */
  decisionReasonMax: 500,
  /** The author's one appeal. */
  appealMax: 1000,
  /** How many items a queue answers at once (oldest first). */
  queueMax: 100,
} as const;

/** Reports a member may make in a day, per owning service (`REPORTS_PER_DAY`). */
export const DEFAULT_REPORTS_PER_DAY = 10;

export const MODERATION_MESSAGES = {
  reason: 'Choose why you are reporting this',
  detailsTooLong: `Tell us in at most ${MODERATION_LIMITS.reportDetailsMax} characters`,
  alreadyReported: 'You have already reported this',
  ownItem: 'You cannot report something you wrote',
  notFound: 'This is not here any more',
  tooMany: (perDay: number) => `You can report at most ${perDay} things a day. Try again tomorrow.`,
  hideReason: 'Say why this is hidden (the author is told)',
  decisionReasonTooLong: `Keep the reason to at most ${MODERATION_LIMITS.decisionReasonMax} characters`,
  appealText: `Say why this should be shown again (1–${MODERATION_LIMITS.appealMax} characters)`,
  alreadyAppealed: 'You have already appealed this decision',
  notHidden: 'This is not hidden',
  nothingToDecide: 'There is nothing to decide on this item',
} as const;

/** Body of `POST /api/reports/{kind}/{id}` (members; not the item's author). */
export interface ReportInput {
  reason: ReportReason;
  /** Optional words, at most 500 characters. */
  details?: string;
}

/**
 * 201 answer of `POST /api/reports/{kind}/{id}`. Errors: 401 for guests (sign in first); 404 `notFound` for a
 * missing or hidden item; 409 `alreadyReported` (one report per member per item), `ownItem`; 400 naming `reason` or
 * `details`; 429 `tooMany`.
 */
export interface ReportReceived {
  kind: ReportableKind;
  itemId: number;
  reported: true;
}

/**
 * Where an item stands: `open` has reports nobody has decided on (still shown); `hidden` was hidden by an admin
 * (its author may appeal once); `appealed` is hidden with an appeal waiting; `closed` was decided and is shown
 * (reports dismissed, or restored). A new report of a closed item opens it again.
 */
export const MODERATION_STATES = ['open', 'hidden', 'appealed', 'closed'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/** What an admin decided: hide, restore (show again), dismiss the reports (keep shown), or reject an appeal. */
export const MODERATION_ACTIONS = ['hidden', 'restored', 'dismissed', 'appeal-rejected'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The item as members see (or saw) it, for the queue and the author's notice. */
export interface ModeratedContent {
  /** e.g. "Review of Nudie Jeans" or the brand's name. */
  title: string;
  /** The words themselves (a review's or comment's text, a brand's description). */
  text: string | null;
  /** Who wrote or submitted it, as shown on the site (null once they deleted their account). */
  authorName: string | null;
  /** Where it is shown on the site. */
  href: string;
  createdAt: string;
  imageUrl: string | null;
}

export interface ModerationReport {
  reason: ReportReason;
  details: string | null;
  reportedAt: string;
  /** True for reports made after the last decision (the ones to decide on). */
  open: boolean;
}

export interface ModerationDecision {
  action: ModerationAction;
  reason: string | null;
  /** The admin's display name. */
  decidedBy: string | null;
  decidedAt: string;
}

export interface ModerationAppeal {
  text: string;
  appealedAt: string;
}

/** One row of the admins' queue: `GET /api/admin/moderation/{kind}?state=queue|hidden|all`. */
export interface ModerationItem {
  kind: ReportableKind;
  itemId: number;
  state: ModerationState;
  content: ModeratedContent;
  /** Every report, oldest first. */
  reports: ModerationReport[];
  /** When the oldest open report (or the appeal) came: the queue's order, oldest first. */
  waitingSince: string | null;
  hiddenReason: string | null;
  appeal: ModerationAppeal | null;
  /** Every decision, oldest first (who, when, why). */
  decisions: ModerationDecision[];
}

/** `state` of the admins' queue: `queue` (open and appealed; the default), `hidden`, or `all`. */
export const MODERATION_QUEUE_FILTERS = ['queue', 'hidden', 'all'] as const;
export type ModerationQueueFilter = (typeof MODERATION_QUEUE_FILTERS)[number];

/**
 * Admins: `POST /api/admin/moderation/{kind}/{id}/hide` (reason required), `/restore`, `/dismiss` (reason
 * optional); each answers the item's `ModerationItem`. Dismissing an appeal rejects it (the item stays hidden).
 * 409 `nothingToDecide` when the action does not apply to the item's state.
 */
export interface ModerationDecisionInput {
  reason?: string;
}

/**
 * `GET /api/moderation/{kind}/{id}`: the author's (or an admin's) view of a hidden item: why, and whether they may
 * still appeal. 404 for anyone else and for items never hidden.
 */
export interface ModerationNotice {
  kind: ReportableKind;
  itemId: number;
  state: ModerationState;
  content: ModeratedContent;
  hiddenReason: string | null;
  hiddenAt: string | null;
  appeal: ModerationAppeal | null;
  /** Hidden, and not appealed yet. */
  canAppeal: boolean;
}

/** Body of `POST /api/moderation/{kind}/{id}/appeal` (the author, once): answers the notice. */
export interface ModerationAppealInput {
  text: string;
}

/** The web page an author is sent to for a hidden item (the email links it). */
export function moderationNoticePath(kind: ReportableKind, itemId: number): string {
  return `/moderation/${kind}/${itemId}`;
}
