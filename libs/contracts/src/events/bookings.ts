/** Events the bookings service publishes (on `events:bookings`). */
import type { BookingAttendance, BookingStatus } from '../http/bookings.js';
import type { SessionTypeKey } from '../http/hunters.js';
import type { PassportShares } from '../http/style-passport.js';
import type { Currency } from '../money/currencies.js';

/**
 * What every booking event carries: enough for messaging's emails and conversations and for hunters' counts
 * without a call back. `sequence` starts at 0 and rises with every change of the booking (the `.ics` SEQUENCE).
 */
export interface BookingEventV1 {
  bookingId: string;
  hunterId: number;
  /** The hunter's member id, or null for a hunter no member has claimed. */
  hunterUserId: string | null;
  clientUserId: string;
  sessionType: SessionTypeKey;
  startsAt: string;
  endsAt: string;
  /** Minor units of `currency` (the name kept from when every booking was in pence; decision 0105). */
  pricePence: number;
  /** The booking's currency: every amount of the event is in it. Events from before it were in pounds (read as GBP). */
  currency: Currency;
  /**
   * The platform fee `pricePence` includes (pence), as bookings decided it at the hold (0 for a free session); the
   * confirmation email's receipt shows it. Absent from events recorded before it existed.
   */
  platformFeePence?: number;
  sequence: number;
  /**
   * The client's question or brief and their photos' URLs (null and [] when none, and in older events): messaging
   * puts them in the conversation the booking opens.
   */
  notes: string | null;
  photoUrls: string[];
  /**
   * What of the style passport the client shares with the hunter (issue 25); brands answers the passport by it.
   * Events from before read as DEFAULT_PASSPORT_SHARES. With `question` off, `notes` is null and `photoUrls` [].
   */
  passport: PassportShares;
  /**
   * What the session comes to, as bookings alone computes it (decision 0085): the consuming services store it
   * (libs/platform's booking copies) and never work it out themselves. Absent from events recorded before it
   * existed: the copies then keep the old facts and derive the outcome from them, once, in the platform.
   */
  outcome?: BookingOutcomeV1 | null;
}

/**
 * A booking's outcome at the moment of its event. Every instant is fixed by the booking's facts, not by the clock:
 * "held" is `heldFrom <= now`, so a session counts as held at its end even before bookings' completion sweep has run.
 */
export interface BookingOutcomeV1 {
  /**
   * Rises with every change of the outcome (a move or cancellation, the completion, the attendance mark, a dispute
   * opened and resolved) and never falls: a copy keeps the outcome with the highest revision, whatever order events
   * arrive in. Two events of one transaction carry the same revision and the same outcome.
   */
  revision: number;
  status: BookingStatus;
  /** From when the session counts as held (its end); null when it is not held: cancelled, or a no-show that stands. */
  heldFrom: string | null;
  /** The hunter's no-show mark stands (it was not overturned by a refunded dispute). */
  noShow: boolean;
  /** Until when the client may review the session (its end + BOOKING_ACTION_RULES.reviewWindowDays); null when not held. */
  reviewableUntil: string | null;
  /**
   * From when the hunter may send the client a Hunter Edit for it: the 'held' mark (or the no-show mark a refunded
   * dispute overturned), else the completion; null while neither, and for a standing no-show or a cancellation.
   * The window has no end.
   */
  editableFrom: string | null;
  /**
   * The end of the hunter's window on the client's style passport (the end + PASSPORT_LIMITS.daysAfterSession); a
   * cancelled booking keeps it (its client is shown it) but its hunter reads nothing. Null for a booking never confirmed.
   */
  passportUntil: string | null;
  /**
   * Whether a review of the session may count (decision 0090): a paid session that is held, or a free one (price 0)
   * the hunter marked held. Like `heldFrom` it says nothing of the clock: the review also needs the session ended
   * and within `reviewableUntil`. Absent from events recorded before it (the copy keeps what it knew).
   */
  reviewQualifies?: boolean;
}

export type BookingConfirmedV1 = BookingEventV1;
/** `previousStartsAt`/`previousEndsAt`: the times the booking had before. */
export type BookingRescheduledV1 = BookingEventV1 & { previousStartsAt: string; previousEndsAt: string };
/**
 * `cancelledBy` says who; `refundPence` what goes back to the client (0 for a late client cancellation); `cause`
 * why the system cancelled (`hunter_suspended`: the hunter was suspended), null otherwise and in older events.
 */
export type BookingCancelledV1 = BookingEventV1 & {
  cancelledBy: 'client' | 'hunter' | 'system';
  refundPence: number;
  cause: 'hunter_suspended' | null;
  /** The hunter's reason when the hunter cancelled (the client's email quotes it); null otherwise. */
  reason: string | null;
};
export type BookingCompletedV1 = BookingEventV1;
/**
 * Nothing happened to the booking: bookings says its outcome again, as it computes it now (decision 0090: once, by a
 * migration, so the copies of finished bookings learn `reviewQualifies`). Copies apply it like any outcome; nothing
 * is sent or counted for it.
 */
export type BookingOutcomeRestatedV1 = BookingEventV1;
/** A refund settled (Stripe's `charge.refunded`, or at once in simulated mode); also for a late payment refunded. */
export type BookingRefundedV1 = BookingEventV1 & { refundPence: number; reason: 'cancelled' | 'late_payment' };

/** The hunter marked a started session as held or as a no-show by the client (no refund; the client may dispute). */
export type BookingAttendanceMarkedV1 = BookingEventV1 & { attendance: BookingAttendance; markedAt: string };
/** The client disputed a no-show mark: it reaches the admin. */
export type BookingDisputedV1 = BookingEventV1 & { reason: string };
/** An admin resolved a dispute: `refund` refunds the client in full (a `bookings.booking.refunded` follows). */
export type BookingDisputeResolvedV1 = BookingEventV1 & { resolution: 'refund' | 'dismiss'; note: string; refundPence: number };
/** The hunter suggested another time; the client accepts (a `bookings.booking.rescheduled` follows) or declines. */
export type BookingTimeProposedV1 = BookingEventV1 & { proposedStartsAt: string; proposedEndsAt: string; message: string | null };
export type BookingProposalDeclinedV1 = BookingEventV1 & { proposedStartsAt: string; proposedEndsAt: string };

/**
 * A hunter's payout account (Stripe Connect Express, or the simulated one) changed: hunters copies
 * `payoutsEnabled` into the profile's `takesPaidBookings`.
 */
export interface PayoutAccountUpdatedV1 {
  hunterId: number;
  /** Null for an unclaimed demo hunter (simulated mode gives each an enabled simulated account). */
  hunterUserId: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

/** Why an account cannot be deleted yet: each one is something the member can finish or wait out. */
export const DELETION_BLOCKERS = ['upcoming-booking', 'upcoming-session-as-hunter', 'open-dispute', 'payout-owed'] as const;
export type DeletionBlocker = (typeof DELETION_BLOCKERS)[number];

/**
 * Nothing open stands in the way of deleting the member's account. From now bookings refuses new holds by the
 * member and of their hunter profile, so nothing can open between this answer and the deletion.
 */
export interface UserDeletionClearedV1 {
  deletionId: string;
  userId: string;
}

/** The member's account cannot be deleted yet; `blockers` says why (one entry per kind, with how many). */
export interface UserDeletionRefusedV1 {
  deletionId: string;
  userId: string;
  blockers: { code: DeletionBlocker; count: number }[];
}
