/**
 * HTTP shapes of the reviews service (owner of reviews, review photos and comments under /api/brands/{id} and of
 * /api/media/review-photos), shared with the web app. Rules are the spec's (brands-directory.md, sections 5 and 9).
 */
import { monthLabel } from '../time/clock.js';
import { londonDateOf } from '../time/site-day.js';

/** Review rules (spec sections 5 and 9). */
export const REVIEW_LIMITS = {
  /** Longest review text, in characters. */
  text: 2000,
  photos: 3,
  /** Each photo must be smaller than this many bytes (10 MB). */
  photoBytes: 10_485_760,
} as const;

export const COMMENT_MAX_LENGTH = 500;

/** The four category ratings, each a whole number 1–5. */
export interface CategoryRatings {
  speedRating: number;
  easeRating: number;
  qualityRating: number;
  sustainabilityRating: number;
}

/**
 * Body of `POST /api/brands/{id}/reviews`. `photos` are `data:image/...;base64,` strings (up to 3). The spec's SPA
 * also sends brandId, userId and rating: they are accepted and ignored (the brand is the path's, the user the
 * signed-in one, the overall rating the server's rounded mean).
 */
export interface ReviewInput extends CategoryRatings {
  reviewText?: string | null;
  photos?: string[];
  brandId?: number | string;
  userId?: string;
  rating?: number;
}

export const RATINGS_REQUIRED = 'Please rate all categories to submit your review';

/**
 * The author shown for a review, comment or review of a hunter whose writer deleted their account (issue 36): the
 * words and the rating stay for the community, the person does not.
 */
export const FORMER_MEMBER_NAME = 'Former member';

/** A review as `GET /api/brands/{id}/reviews` lists it (newest first); photos are URLs, never inline data. */
export interface Review extends CategoryRatings {
  id: number;
  brandId: number;
  /** Null once the author deleted their account (`userName` is then FORMER_MEMBER_NAME). */
  userId: string | null;
  /** The reviewer's name now ('Anonymous' when they have none, FORMER_MEMBER_NAME after their account's deletion). */
  userName: string;
  /** The rounded mean of the four category ratings. */
  rating: number;
  reviewText: string | null;
  photos: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * One review photo as `GET /api/brands/{id}/photos` lists them (newest review first, then the review's order),
 * a page at a time with `limit`/`offset` and the total in `x-total-count`.
 */
export interface ReviewPhoto {
  /** `/api/media/review-photos/{photoId}`. */
  url: string;
  /** The reviewer's name now ('Anonymous' when they have none), shown as 'Photo by {credit}'. */
  credit: string;
  reviewId: number;
  /** Its place among the review's photos: 0, 1 or 2. */
  position: number;
}

/** Body of `POST /api/brands/{id}/comments`. */
export interface CommentInput {
  content: string;
}

/** A comment as `GET /api/brands/{id}/comments` lists it (newest first). Content is plain text. */
export interface Comment {
  id: number;
  brandId: number;
  /** Null once the author deleted their account (`userName` is then FORMER_MEMBER_NAME). */
  userId: string | null;
  content: string;
  /** 'Anonymous' when the user has no name; FORMER_MEMBER_NAME after their account's deletion. */
  userName: string;
  userProfileImage: string | null;
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Reviews of hunters: one per held booking, by its client, within BOOKING_ACTION_RULES.reviewWindowDays of the
// session's end; the hunter replies once. Eligibility comes from bookings' events (reviews keeps a copy of each
// booking's session), never from the client's word.
// ---------------------------------------------------------------------------------------------------------------

export const HUNTER_REVIEW_LIMITS = { minText: 10, maxText: 2000, replyMax: 2000, reportReasonMax: 500, hideReasonMax: 500 } as const;
/** `GET /api/hunters/{id}/reviews` pages: at most this many a page (default 10). */
export const HUNTER_REVIEWS_PAGE_MAX = 50;

/** A review of a hunter as lists answer it (newest first). The reviewer is shown by first name and last initial. */
export interface HunterReview {
  id: number;
  hunterId: number;
  bookingId: string;
  /** Whole stars, 1–5. */
  rating: number;
  text: string;
  reviewerName: string;
  /** The session reviewed (its type and when it was). */
  sessionType: string;
  sessionStartsAt: string;
  createdAt: string;
  reply: { text: string; createdAt: string } | null;
}

/**
 * A review as anyone may read it on the hunter's page: no booking id and only the month of the session ("November
 * 2026", London time), so a public reader cannot tie a review to a booking or a client's exact appointment.
 */
export interface PublicHunterReview extends Omit<HunterReview, 'bookingId' | 'sessionStartsAt'> {
  sessionMonth: string;
}

/** The session's month as the public page shows it ("November 2026"), on the marketplace's London clock. */
export function sessionMonthLabel(startsAt: Date): string {
  return monthLabel(londonDateOf(startsAt));
}

/**
 * `GET /api/hunters/{id}/reviews?limit=&offset=` (public; hidden reviews are left out): a page of the reviews that
 * count and their totals, and the earlier reviews that do not (decision 0090).
 */
export interface HunterReviewPage {
  /** Visible reviews that count (of a paid session held, or a free one its hunter marked held), newest first. */
  reviews: PublicHunterReview[];
  /** How many count: the review count shown. */
  total: number;
  /** Over the visible reviews that count; null with none. */
  rating: number | null;
  /**
   * Visible reviews written before decision 0090 whose session did not qualify (or not yet known to): kept and shown
   * apart, never in `total` or `rating`. Newest first, at most `limit` of them, on the first page (offset 0) only;
   * later pages answer [].
   */
  earlier: PublicHunterReview[];
  /** How many such earlier reviews there are. */
  earlierTotal: number;
}

/** `POST /api/hunter-reviews` (the booking's client): 201 HunterReview. */
export interface HunterReviewInput {
  bookingId: string;
  rating: number;
  text: string;
}
/** `POST /api/hunter-reviews/{id}/reply` (the reviewed hunter, once): 201 HunterReview. */
export interface HunterReviewReplyInput {
  text: string;
}
/**
 * Gone with its route (decision 0101: reports are `POST /api/reports/hunter-review/{id}`); kept only while the old web
 * form still imports it, to be removed with it.
 */
export interface HunterReviewReportInput {
  reason: string;
}

/**
 * `GET /api/hunter-reviews/mine`: the caller's reviews as a client (bookingId → review) and, when the caller is a
 * hunter, the reviews they received (newest first, replied or not).
 */
export interface MyHunterReviews {
  written: HunterReview[];
  received: HunterReview[];
}

/**
 * The old admin list's row (`GET /api/admin/hunter-reviews`, gone: decision 0101 moved it to
 * `/api/admin/moderation/hunter-review`); kept only while the old web page still imports it, to be removed with it.
 */
export interface AdminHunterReview extends HunterReview {
  /** Null once the reviewer deleted their account (`reviewerName` is then FORMER_MEMBER_NAME). */
  clientUserId: string | null;
  /**
   * Whether it counts in the hunter's rating (decision 0090): true for every review written since; false for an
   * earlier one whose session was free and not marked held; null for an earlier one bookings has not decided yet
   * (counts as false).
   */
  qualifies: boolean | null;
  hidden: { reason: string; hiddenAt: string; hiddenBy: string } | null;
  reports: { reason: string; reportedAt: string }[];
}
/** The old hide's body (gone with its route, decision 0101); kept only while the old web page imports it. */
export interface HideHunterReviewRequest {
  reason: string;
}

export const HUNTER_REVIEW_MESSAGES = {
  notEnded: 'You can review this session once it has ended',
  windowClosed: 'Reviews can be written up to 30 days after the session',
  /** No longer answered for a review (another client's booking is 404 `unknownBooking`); kept for older clients. */
  notYours: 'You can only review sessions you booked',
  notHeld: 'Only a paid session that took place can be reviewed',
  already: 'You have already reviewed this session',
  unknownBooking: 'We could not find that session',
  rating: 'Choose from 1 to 5 stars',
  text: 'Write between 10 and 2,000 characters',
  replyNotYours: 'Only the reviewed hunter can reply',
  alreadyReplied: 'You have already replied to this review',
  ownReport: 'You cannot report your own review',
  alreadyReported: 'You have already reported this review',
  reasonRequired: 'Give a reason',
  // Added by the reviews service (backwards compatible): a missing review, a reply's and a reason's length.
  notFound: 'We could not find that review',
  reply: 'Write a reply of up to 2,000 characters',
  reasonTooLong: 'Keep the reason to 500 characters or fewer',
  /** 429 of `POST /api/hunter-reviews` once the member wrote their `HUNTER_REVIEWS_PER_DAY` in the last 24 hours. */
  perDay: (limit: number) =>
    `You can write at most ${limit} ${limit === 1 ? 'review' : 'reviews'} of hunters a day. Try again tomorrow.`,
} as const;

/** A rating as half-step stars: 4.26 → 4.5, 4.24 → 4 (what the cards and the page draw). */
export function halfStars(rating: number): number {
  return Math.round(rating * 2) / 2;
}
