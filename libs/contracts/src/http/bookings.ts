/**
 * HTTP shapes of the bookings service (owner of slots, holds, payments and both sides' booking lists), shared with
 * the web app. Money is in minor units of the booking's `currency` everywhere here (fields named `*Pence` from when it
 * was all pounds; decision 0105); hunters' prices (`SessionTypeSettings.price`) are whole units of the hunter's.
 * Session dates and times of day are wall-clock labels ('YYYY-MM-DD', 'HH:MM') in the hunter's zone (`SlotsResponse.timeZone`,
 * `Hunter.timeZone`), as they were when booked; instants are ISO strings in UTC and are what a booking is.
 */
import { dateIn, isCalendarDate } from '../time/clock.js';
import type { SessionTypeKey } from './hunters.js';
import type { PassportShares } from './style-passport.js';
import type { Currency } from '../money/currencies.js';

export const BOOKING_STATUSES = ['pending_payment', 'confirmed', 'completed', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Rules the server enforces and the pages state (the hold length is configuration: `HOLD_MINUTES`). */
export const BOOKING_RULES = {
  /** Slot starts lie on this grid (minutes past midnight, London). */
  slotGridMinutes: 30,
  /** A slot starts at least this long after now (`MIN_NOTICE_MINUTES` may change it). */
  minNoticeMinutes: 120,
  /** and at most this many days ahead. */
  maxDaysAhead: 365,
  /** `GET /api/hunters/{id}/slots` covers at most this many days (from and to inclusive). */
  maxSlotsRangeDays: 31,
  /** A client may reschedule, or cancel with a full refund, until this many hours before the start. */
  changeWindowHours: 24,
  /** Unpaid holds a member may have at once. */
  maxUnpaidHolds: 2,
  /** The platform fee shown in the payment page's breakdown (part of the price, not added to it). */
  platformFeePence: 200,
} as const;

/** One bookable start. */
export interface Slot {
  /** Wall-clock label in the hunter's zone, 'HH:MM'. */
  time: string;
  startsAt: string;
  endsAt: string;
}

export interface SlotsDay {
  /** Date in the hunter's zone, YYYY-MM-DD. */
  date: string;
  slots: Slot[];
}

/** `GET /api/hunters/{id}/slots?from=YYYY-MM-DD&to=YYYY-MM-DD&sessionType=key` (public). Every date of the range. */
export interface SlotsResponse {
  hunterId: number;
  sessionType: SessionTypeKey;
  duration: number;
  /** The hunter's IANA zone: each day's date and each slot's `time` are its wall clock; `startsAt` is the instant. */
  timeZone: string;
  days: SlotsDay[];
}

/** `GET /api/bookings/payment-config`. */
export type PaymentConfig = { mode: 'simulated' } | { mode: 'stripe'; publishableKey: string };

/** Body of `POST /api/create-payment-intent` (the spec's; `amount` is read as a hint only, never trusted). */
export interface CreatePaymentIntentRequest {
  amount: number;
  hunterId: number;
  sessionType: SessionTypeKey;
  /** ISO date or datetime; its London date is used. */
  sessionDate: string;
  sessionTime: string;
  duration: number;
  /** The client's question or brief (≤ BOOKING_NOTES_MAX characters); required for 'askQuestion'. */
  notes?: string | null;
  /** Up to BOOKING_PHOTOS_MAX photos uploaded by the caller with `POST /api/booking-photos` (their ids). */
  photoIds?: string[];
  /** What of the style passport the hunter may see (issue 25); absent: DEFAULT_PASSPORT_SHARES. */
  passport?: PassportShares;
  /**
   * The client ticked EXPRESS_REQUEST.checkboxLabel: required (400 EXPRESS_REQUEST.required otherwise) for a session
   * that `needsExpressRequest`; absent is false.
   */
  expressRequest?: boolean;
}

/** Answer of `POST /api/create-payment-intent`: the hold, and the intent to pay it. */
export interface CreatePaymentIntentResponse {
  bookingId: string;
  /** Stripe's client secret; a `sim_…` value in simulated mode. */
  clientSecret: string;
  /** Minor units of `currency`, the hunter's current price for the type. */
  amount: number;
  /** The hunter's currency, which the client pays in. */
  currency: Currency;
  /** The platform fee inside `amount` (the order breakdown's line), as the hold decided it. */
  platformFeePence: number;
  expiresAt: string;
}

/** Body of `POST /api/bookings` (the spec's, plus the hold's id when the page has it). */
export interface CreateBookingRequest {
  hunterId: number;
  sessionDate: string;
  sessionTime: string;
  sessionType: SessionTypeKey;
  duration: number;
  price: number;
  /** null for a free type; the intent's id (`pi_…`, or `sim_…` in simulated mode) otherwise. */
  stripePaymentIntentId: string | null;
  bookingId?: string;
  /** As on the intent: read for a free type (no hold before it); a paid booking keeps what its hold was given. */
  notes?: string | null;
  photoIds?: string[];
  passport?: PassportShares;
  /** As on the intent, read for a free type: a paid booking made its request with its hold. */
  expressRequest?: boolean;
}

/** `GET /api/bookings/{id}` and the answer of `POST /api/bookings`, reschedule and cancel. */
export interface BookingDetail {
  id: string;
  status: BookingStatus;
  hunterId: number;
  hunterName: string;
  hunterProfileImage: string | null;
  hunterLocation: string | null;
  /** The hunter's zone now (IANA): the clock the page shows beside the viewer's. */
  hunterTimeZone: string;
  clientName: string;
  sessionType: SessionTypeKey;
  /** Date in the hunter's zone when booked, YYYY-MM-DD. */
  sessionDate: string;
  /** Wall clock in the hunter's zone when booked, 'HH:MM'. */
  sessionTime: string;
  startsAt: string;
  endsAt: string;
  duration: number;
  /** Minor units of `currency`. */
  price: number;
  /** The currency of every amount here: `*Pence` and the price are minor units of it (decision 0105). */
  currency: Currency;
  notes: string | null;
  /** `/api/media/booking-photos/{id}`: served only to the client and the hunter. */
  photoUrls: string[];
  /** Set while `pending_payment`. */
  expiresAt: string | null;
  refundedPence: number;
  createdAt: string;
  /** How to join: released only to the client of a confirmed/completed booking until a day after it ends. */
  joining: BookingJoining | null;
  attendance: BookingAttendance | null;
  cancelledBy: BookingCancelledBy | null;
  /** The hunter's reason when the hunter cancelled. */
  cancelReason: string | null;
  proposal: TimeProposal | null;
  dispute: BookingDispute | null;
}

/** One row of `GET /api/my-bookings` (the spec's fields, price in pence, and what the page may offer). */
export interface MyBooking {
  id: string;
  status: BookingStatus;
  hunterId: number;
  hunterName: string;
  hunterProfileImage: string | null;
  hunterLocation: string | null;
  /** The hunter's zone now (IANA): the clock the page shows beside the client's. */
  hunterTimeZone: string;
  sessionDate: string;
  sessionTime: string;
  sessionType: SessionTypeKey;
  startsAt: string;
  duration: number;
  price: number;
  /** The currency of every amount here: `*Pence` and the price are minor units of it (decision 0105). */
  currency: Currency;
  notes: string | null;
  photoUrls: string[];
  createdAt: string;
  canReschedule: boolean;
  canCancel: boolean;
  /** What cancelling now would refund, pence. */
  refundIfCancelledPence: number;
  /** The platform fee the price includes (pence; 0 for a free session), as the receipt shows it. */
  platformFeePence: number;
  /**
   * When the client asked for the session to take place within the 14-day cancellation period (the hold or free
   * booking that needed it, `needsExpressRequest`); null when none was needed.
   */
  expressRequestAt: string | null;
  /** Set for a live hold (`pending_payment`): pay or release it before then. */
  expiresAt: string | null;
  endsAt: string;
  joining: BookingJoining | null;
  attendance: BookingAttendance | null;
  cancelledBy: BookingCancelledBy | null;
  cancelReason: string | null;
  /** The hunter's open suggestion of another time (accept or decline it). */
  proposal: TimeProposal | null;
  dispute: BookingDispute | null;
  /** True for a no-show mark the client may still dispute (within BOOKING_ACTION_RULES.disputeWindowHours of it). */
  canDispute: boolean;
  /**
   * Until when the client may review the hunter for this booking (a held session: completed and not marked a
   * no-show, or a no-show whose dispute was refunded; its end + BOOKING_ACTION_RULES.reviewWindowDays), else null.
   * Null too for a free session its hunter has not marked held: its review would not count (decision 0090).
   * Reviews enforces the same from events.
   */
  reviewableUntil: string | null;
}

/** One row of `GET /api/hunter-bookings` (the spec's hunter shape; totalAmount in pence). */
export interface HunterBooking {
  id: string;
  clientName: string;
  sessionType: SessionTypeKey;
  sessionDate: string;
  sessionTime: string;
  startsAt: string;
  duration: number;
  totalAmount: number;
  /** The currency of every amount here: `*Pence` and the price are minor units of it (decision 0105). */
  currency: Currency;
  status: BookingStatus;
  endsAt: string;
  /** The client's question or brief, and their photos (URLs served only to the two participants). */
  notes: string | null;
  photoUrls: string[];
  attendance: BookingAttendance | null;
  cancelledBy: BookingCancelledBy | null;
  cancelReason: string | null;
  proposal: TimeProposal | null;
  dispute: BookingDispute | null;
  /** Confirmed and not started: the hunter may cancel (full refund) or suggest another time. */
  canCancel: boolean;
  canPropose: boolean;
  /** Started (confirmed or completed) and not marked yet: held or no-show may be marked. */
  canMarkAttendance: boolean;
  /**
   * When the client receives the joining details (decision 0088): the start less BOOKING_RULES.changeWindowHours,
   * or null for a booking that will not happen (pending or cancelled) and for a question (nothing to release).
   */
  joiningReleasesAt: string | null;
}

/** Body of `POST /api/bookings/{id}/reschedule`. */
export interface RescheduleBookingRequest {
  sessionDate: string;
  sessionTime: string;
}

// ---------------------------------------------------------------------------------------------------------------
// The session itself: how to join, the client's question and photos, the hunter's actions, disputes.
// ---------------------------------------------------------------------------------------------------------------

/** Limits of a booking's question and photos. */
export const BOOKING_NOTES_MAX = 1000;
export const BOOKING_PHOTOS_MAX = 3;
/** Bytes of one booking photo (5 MB). */
export const BOOKING_PHOTO_BYTES = 5 * 1024 * 1024;

/** `POST /api/booking-photos` (members): one photo as a `data:image/…;base64,` URL, type sniffed on the server. */
export interface BookingPhotoUpload {
  photo: string;
}
/** Its answer (201): the id to send in `photoIds`, and the URL only its uploader (and later the hunter) may read. */
export interface BookingPhotoUploaded {
  id: string;
  url: string;
}

/**
 * How a confirmed session happens, as released to its client (`joining` on `/api/my-bookings` and
 * `/api/bookings/{id}`; the confirmation and reminder emails; the invite's LOCATION). `pending`: the hunter has not
 * set the details for this type yet (they will message them).
 */
export type BookingJoining =
  | { kind: 'whatsapp'; phone: string; link: string }
  | { kind: 'inPerson'; area: string; address: string }
  | { kind: 'messages' }
  | { kind: 'pending' }
  /**
   * Confirmed but still cancellable for a full refund: the details are held back until `releasesAt` (the start less
   * BOOKING_RULES.changeWindowHours, when the 24 h reminder brings them); `message` says so, e.g. "You'll get the
   * WhatsApp number 24 hours before".
   */
  | { kind: 'later'; releasesAt: string; message: string };

/**
 * When a booking's joining details are released (ms): once it can no longer be cancelled for a full refund, i.e.
 * on entering the change window, BOOKING_RULES.changeWindowHours before the start (decision 0088). The 24 h
 * reminder goes at that moment and carries them.
 */
export function joiningReleasesAt(startsAt: Date | string): number {
  return new Date(startsAt).getTime() - BOOKING_RULES.changeWindowHours * 3_600_000;
}

/** What the client is told while the details are held back, by session type (askQuestion has none to hold). */
export function joiningLaterMessage(sessionType: string): string {
  const before = `${BOOKING_RULES.changeWindowHours} hours before`;
  if (sessionType === 'inPerson') return `You'll get the meeting address ${before}`;
  return `You'll get the WhatsApp number ${before}`;
}

/** `https://wa.me/<digits>` for an E.164 number. */
export function whatsappLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}`;
}

export const BOOKING_ATTENDANCE = ['held', 'no_show'] as const;
export type BookingAttendance = (typeof BOOKING_ATTENDANCE)[number];
export type BookingCancelledBy = 'client' | 'hunter' | 'system';

/** The hunter's suggestion of another time (`POST /api/hunter-bookings/{id}/proposal`); one open at a time. */
export interface TimeProposal {
  sessionDate: string;
  sessionTime: string;
  startsAt: string;
  endsAt: string;
  message: string | null;
  proposedAt: string;
}

export type DisputeStatus = 'open' | 'refunded' | 'dismissed';
export interface BookingDispute {
  status: DisputeStatus;
  reason: string;
  openedAt: string;
  resolvedAt: string | null;
  resolutionNote: string | null;
}

/** Rules of the hunter's actions, disputes and reviews. */
export const BOOKING_ACTION_RULES = {
  reasonMax: 1000,
  proposalMessageMax: 500,
  /** The client may dispute a no-show mark this long after it was made. */
  disputeWindowHours: 48,
  /** Joining details stay released this long after the session ends. */
  joiningReleaseHoursAfterEnd: 24,
  /** A held session may be reviewed this many days after it ends. */
  reviewWindowDays: 30,
} as const;

/** `POST /api/hunter-bookings/{id}/cancel` (the booking's hunter; confirmed, not started): full refund. */
export interface HunterCancelRequest {
  reason: string;
}
/** `POST /api/hunter-bookings/{id}/attendance` (the booking's hunter; once the session has started). */
export interface AttendanceRequest {
  attendance: BookingAttendance;
}
/** `POST /api/hunter-bookings/{id}/proposal` (the booking's hunter; confirmed, not started). */
export interface TimeProposalRequest {
  sessionDate: string;
  sessionTime: string;
  message?: string | null;
}
/** `POST /api/bookings/{id}/dispute` (the client; a no-show mark within the window). */
export interface DisputeRequest {
  reason: string;
}
/** `POST /api/bookings/{id}/proposal/accept` reschedules to the proposal (answers BookingDetail); `…/decline` drops it. */

/** `GET /api/admin/booking-disputes?status=open|all&limit=&offset=` (admins): newest first. */
export interface AdminBookingDispute {
  bookingId: string;
  hunterId: number;
  hunterName: string;
  clientName: string;
  sessionType: SessionTypeKey;
  startsAt: string;
  pricePence: number;
  /** The currency of every amount here: `*Pence` and the price are minor units of it (decision 0105). */
  currency: Currency;
  dispute: BookingDispute;
}
/** `POST /api/admin/booking-disputes/{bookingId}/resolve`: refund the client in full, or dismiss; a note either way. */
export interface ResolveDisputeRequest {
  resolution: 'refund' | 'dismiss';
  note: string;
}

/** Texts of the session actions and their refusals. */
export const BOOKING_ACTION_MESSAGES = {
  notesRequired: 'Tell the hunter your question',
  reasonRequired: 'Give the client a reason',
  notStarted: 'You can mark this once the session has started',
  alreadyMarked: 'This session has already been marked',
  alreadyStarted: 'This session has already started',
  notConfirmed: 'Only a confirmed booking can be changed',
  proposalOpen: 'You have already suggested another time — wait for the client to answer',
  noProposal: 'There is no suggested time to answer',
  disputeClosed: 'A no-show can be disputed within 48 hours of being marked',
  notNoShow: 'Only a session marked as a no-show can be disputed',
  alreadyDisputed: 'This booking is already disputed',
  disputeNotOpen: 'This dispute has already been resolved',
  photoType: 'Photos must be JPEG, PNG, GIF or WebP images',
  photoSize: 'Each photo must be 5 MB or smaller',
  photoCount: 'Add up to 3 photos',
  photoNotYours: 'That photo was not uploaded by you',
} as const;

/** Error texts the pages show as they are. */
export const BOOKING_ERRORS = {
  slotTaken: 'That time was just taken — please pick another',
  tooManyHolds: 'You already have two unpaid bookings — pay for or release one first',
  ownHunter: 'You cannot book a session with yourself',
  holdExpired: 'Your hold on this time has expired — please pick a time again',
  paymentRequired: 'This session must be paid for before it is booked',
} as const;

/** Whether a body's `sessionDate` can be read: a date ('YYYY-MM-DD'), or a date-time (the API's older form). */
export function isSessionDateValue(value: string): boolean {
  return sessionDateIn('UTC', value) !== null;
}

/**
 * The date on `zone`'s clock (the hunter's) a body's `sessionDate` names: a date as it is, a date-time by its date in
 * that zone (23:30Z on 1 July is 2 July in Madrid, 1 July in New York); null if neither.
 */
export function sessionDateIn(zone: string, value: string): string | null {
  // A plain date must be a real one: Date would read '2026-02-30' as 2 March.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isCalendarDate(value) ? value : null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : dateIn(zone, instant);
}

// ---------------------------------------------------------------------------------------------------------------
// Payouts: each hunter's Stripe Connect Express account (a simulated one without Stripe keys), the platform's fee
// and the hunter's earnings. Bookings owns the money, so it owns these too.
// ---------------------------------------------------------------------------------------------------------------

/** Texts of the payout screens and errors. */
export const PAYOUT_MESSAGES = {
  notTakingPaid: 'Not taking paid bookings yet',
  noAccount: 'Connect a payout account first',
  noHunterProfile: 'Create a hunter profile first',
  notApproved: 'Your profile must be approved before you can get paid',
} as const;

/** 'Payouts are not yet available in {country}': a location outside the countries Stripe pays out to for us. */
export function payoutsNotAvailableIn(country: string): string {
  return `Payouts are not yet available in ${country}`;
}

/**
 * `GET /api/hunter-payouts/account`: the caller's payout account as Stripe last reported it (`account.updated`), or
 * `connected: false` before 'Get paid'. `requirementsDue` are Stripe's `requirements.currently_due` (field names,
 * e.g. `external_account`); `disabledReason` is `requirements.disabled_reason`.
 */
export interface PayoutAccount {
  mode: 'simulated' | 'stripe';
  connected: boolean;
  /** `acct_…`, or `sim_acct_…` in simulated mode; null before connecting. */
  accountId: string | null;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
  disabledReason: string | null;
  updatedAt: string | null;
  /**
   * The ISO country the account is (or, before connecting, would be) created in: the hunter's location's
   * (PAYOUT_COUNTRY_OF_LOCATION). Null when the location has no payout country this platform supports.
   */
  country: string | null;
  /** The country's name as 'Get paid' writes it ('Spain'); when payouts are not available, the hunter's location. */
  countryName: string | null;
  /** Whether payouts are available in the hunter's country; false: 'Get paid' says PAYOUT_MESSAGES.notAvailableIn. */
  payoutsAvailable: boolean;
}

/**
 * `POST /api/hunter-payouts/onboarding`: creates the hunter's account on first use (the same one ever after) and an
 * Account Link to Stripe's hosted onboarding; in simulated mode `url` is the dashboard's simulated onboarding step.
 */
export interface PayoutOnboardingLink {
  url: string;
  expiresAt: string | null;
}

/** `POST /api/hunter-payouts/login-link`: a one-time link to the Express dashboard (stripe mode only). */
export interface PayoutLoginLink {
  url: string;
}

/**
 * The platform's cut of a paid booking, in minor units of its currency: the fixed part (`fixedMinor`, bookings'
 * PLATFORM_FEE_FIXED_MINOR of the currency; pounds' default `BOOKING_RULES.platformFeePence`) plus `commissionBps` of
 * the price, capped at the price.
 */
export function applicationFeePenceOf(
  pricePence: number,
  commissionBps: number,
  fixedMinor: number = BOOKING_RULES.platformFeePence,
): number {
  if (pricePence <= 0) return 0;
  const fee = fixedMinor + Math.round((pricePence * commissionBps) / 10_000);
  return Math.min(fee, pricePence);
}

/** One booking on the hunter's earnings (confirmed, completed, or cancelled with money moved). Pence. */
export interface EarningsBooking {
  bookingId: string;
  clientName: string;
  sessionType: SessionTypeKey;
  startsAt: string;
  status: BookingStatus;
  /** The currency of every amount here: `*Pence` and the price are minor units of it (decision 0105). */
  currency: Currency;
  grossPence: number;
  feePence: number;
  /** Refunded to the client (the transfer reversed and the fee refunded in proportion). */
  refundedPence: number;
  /** What the hunter keeps: gross − fee − refunded share, never below 0. */
  netPence: number;
}

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

/** A payout from the hunter's Stripe balance to their bank (from Stripe's `payout.*` events; computed in simulated mode). */
export interface HunterPayout {
  id: string;
  amountPence: number;
  /** The payout's currency (the hunter's bank account's), as Stripe reports it. */
  currency: Currency;
  status: PayoutStatus;
  /** When the money is (or was) expected in the bank. */
  arrivalDate: string;
  createdAt: string;
}

/** Sums of the earnings' bookings, minor units of one currency. */
export interface EarningsTotals {
  grossPence: number;
  feePence: number;
  refundedPence: number;
  netPence: number;
}

/** `GET /api/hunter-earnings?taxYear=2026` (the UK tax year starting 6 April of that year; default: the current one). */
export interface HunterEarnings {
  taxYear: number;
  /** 'YYYY-04-06' to 'YYYY+1-04-05', London dates. */
  from: string;
  to: string;
  /**
   * The year's totals in the hunter's currency now (`currency`): the bookings in it. A hunter who changed currency has
   * bookings in another too: `totalsByCurrency` has one entry per currency any of the year's bookings is in.
   */
  currency: Currency;
  totals: EarningsTotals;
  totalsByCurrency: (EarningsTotals & { currency: Currency })[];
  bookings: EarningsBooking[];
  payouts: HunterPayout[];
}

/** The UK tax year an instant falls in (6 April – 5 April, London dates): 2026 for 2027-04-05. */
export function taxYearOf(londonDate: string): number {
  const year = Number(londonDate.slice(0, 4));
  return londonDate.slice(5) >= '04-06' ? year : year - 1;
}

/**
 * The first page of bookings the SPA reads: /my-bookings the server's default page, with 'Load more bookings' for
 * the rest; the dashboard the largest page the server gives, as it needs every booking for its figures and
 * calendar. Shared so the gateway preloads exactly the address the SPA asks (issue 23).
 */
export const MY_BOOKINGS_PAGE_SIZE = 50;
export const HUNTER_BOOKINGS_PAGE_SIZE = 100;
