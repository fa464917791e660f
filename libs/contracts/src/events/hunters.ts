/** Events the hunters service publishes (on `events:hunters`; the joining details on their own stream, decision 0097). */
import type {
  AvailabilityDay,
  HunterAvailabilityStatus,
  HunterHistoryEntryKind,
  HunterStatus,
  JoiningDetails,
  SessionTypes,
  WeeklyHours,
} from '../http/hunters.js';
import type { Currency } from '../money/currencies.js';

/** A member created a hunter profile; `.updated` carries the same fields after an edit. */
export interface HunterCreatedV1 {
  hunterId: number;
  userId: string | null;
  name: string;
  profileImageUrl: string | null;
  location: string;
  /** The hunter's IANA zone (issue 38). Events from before it carry none: read them as the location's zone. */
  timeZone: string;
  availabilityStatus: HunterAvailabilityStatus;
  sessionTypes: SessionTypes;
  pricePerSession: number;
  /** The currency of every price above (an event from before currencies reads as GBP). */
  currency: Currency;
  /** Only `approved` hunters are bookable and messageable by new clients. An event from before vetting reads as approved. */
  status: HunterStatus;
}

export type HunterUpdatedV1 = HunterCreatedV1;

/**
 * A hunter's availability changed: `weeklyHours` is the whole new week when the weekly hours were set (else null);
 * `dates` the effective availability of each date that a per-date change touched, after it (empty for a weekly
 * change: every date without its own record follows the new week).
 */
export interface HunterAvailabilityChangedV1 {
  hunterId: number;
  weeklyHours: WeeklyHours | null;
  dates: AvailabilityDay[];
}

/**
 * An admin decided on a hunter (approve, reject, suspend, reinstate), or the hunter resubmitted a rejected profile.
 * Messaging emails the hunter; bookings, on `suspended`, cancels the hunter's upcoming bookings with full refunds
 * and lets their holds expire. `hunters.hunter.updated` with the new status is recorded in the same transaction.
 */
export interface HunterVettedV1 {
  hunterId: number;
  userId: string | null;
  name: string;
  decision: HunterHistoryEntryKind;
  /** The revision a revision entry is about (`revise`, `approve-revision`…); null for the profile's own decisions. */
  revisionId: number | null;
  fromStatus: HunterStatus;
  status: HunterStatus;
  reason: string | null;
  decidedBy: string;
  decidedAt: string;
}

/**
 * The hunter set how their sessions happen (private: bookings releases them to booked clients, messaging emails
 * them). On `events:hunters:joining-details`, which only those two read (`PRIVATE_EVENT_STREAMS`).
 */
export interface HunterJoiningDetailsChangedV1 {
  hunterId: number;
  joining: JoiningDetails;
}

/** A hunter sent a client an edit after a held session (messaging emails the client; it is on their My bookings). */
export interface HunterEditSentV1 {
  editId: number;
  bookingId: string;
  hunterId: number;
  hunterName: string;
  clientUserId: string;
  title: string;
  itemCount: number;
}

/** The hunter asked, once, to publish an edit on their public page: messaging asks the client by email. */
export interface HunterEditPublishRequestedV1 {
  editId: number;
  bookingId: string;
  hunterId: number;
  hunterName: string;
  clientUserId: string;
  title: string;
}

/** A hunter on the rota was chosen to make the day's Hunter's Pick (messaging tells them by email). */
export interface HunterPickChosenV1 {
  hunterId: number;
  userId: string | null;
  hunterName: string;
  /** The London day (YYYY-MM-DD). */
  day: string;
}
