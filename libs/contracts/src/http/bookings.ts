/**
 * HTTP shapes of the bookings service (owner of slots, holds, payments and both sides' booking lists), shared with
 * the web app. Money is in pence everywhere here; hunters' prices (`SessionTypeSettings.price`) are whole pounds.
 * Times of day are wall-clock labels in `MARKETPLACE_TIME_ZONE` (time/london-clock.ts) ('HH:MM'); instants are ISO strings in UTC.
 */
import { isCalendarDate, londonDateOf } from '../time/london-clock.js';
import type { SessionTypeKey } from './hunters.js';

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
  /** London wall-clock label, 'HH:MM'. */
  time: string;
  startsAt: string;
  endsAt: string;
}

export interface SlotsDay {
  /** London date, YYYY-MM-DD. */
  date: string;
  slots: Slot[];
}

/** `GET /api/hunters/{id}/slots?from=YYYY-MM-DD&to=YYYY-MM-DD&sessionType=key` (public). Every date of the range. */
export interface SlotsResponse {
  hunterId: number;
  sessionType: SessionTypeKey;
  duration: number;
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
}

/** Answer of `POST /api/create-payment-intent`: the hold, and the intent to pay it. */
export interface CreatePaymentIntentResponse {
  bookingId: string;
  /** Stripe's client secret; a `sim_…` value in simulated mode. */
  clientSecret: string;
  /** Pence, the hunter's current price for the type. */
  amount: number;
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
}

/** `GET /api/bookings/{id}` and the answer of `POST /api/bookings`, reschedule and cancel. */
export interface BookingDetail {
  id: string;
  status: BookingStatus;
  hunterId: number;
  hunterName: string;
  hunterProfileImage: string | null;
  hunterLocation: string | null;
  clientName: string;
  sessionType: SessionTypeKey;
  /** London date, YYYY-MM-DD. */
  sessionDate: string;
  /** London wall clock, 'HH:MM'. */
  sessionTime: string;
  startsAt: string;
  endsAt: string;
  duration: number;
  /** Pence. */
  price: number;
  notes: string | null;
  /** Set while `pending_payment`. */
  expiresAt: string | null;
  refundedPence: number;
  createdAt: string;
}

/** One row of `GET /api/my-bookings` (the spec's fields, price in pence, and what the page may offer). */
export interface MyBooking {
  id: string;
  status: BookingStatus;
  hunterId: number;
  hunterName: string;
  hunterProfileImage: string | null;
  hunterLocation: string | null;
  sessionDate: string;
  sessionTime: string;
  sessionType: SessionTypeKey;
  startsAt: string;
  duration: number;
  price: number;
  notes: string | null;
  createdAt: string;
  canReschedule: boolean;
  canCancel: boolean;
  /** What cancelling now would refund, pence. */
  refundIfCancelledPence: number;
  /** Set for a live hold (`pending_payment`): pay or release it before then. */
  expiresAt: string | null;
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
  status: BookingStatus;
}

/** Body of `POST /api/bookings/{id}/reschedule`. */
export interface RescheduleBookingRequest {
  sessionDate: string;
  sessionTime: string;
}

/** Error texts the pages show as they are. */
export const BOOKING_ERRORS = {
  slotTaken: 'That time was just taken — please pick another',
  tooManyHolds: 'You already have two unpaid bookings — pay for or release one first',
  ownHunter: 'You cannot book a session with yourself',
  holdExpired: 'Your hold on this time has expired — please pick a time again',
  paymentRequired: 'This session must be paid for before it is booked',
} as const;

/** The London date a body's `sessionDate` names: a date as it is, a date-time by its London date; null if neither. */
export function sessionDateOf(value: string): string | null {
  if (isCalendarDate(value)) return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : londonDateOf(instant);
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

/** The platform's cut of a paid booking: `BOOKING_RULES.platformFeePence` plus `commissionBps` of the price, capped at the price. */
export function applicationFeePenceOf(pricePence: number, commissionBps: number): number {
  if (pricePence <= 0) return 0;
  const fee = BOOKING_RULES.platformFeePence + Math.round((pricePence * commissionBps) / 10_000);
  return Math.min(fee, pricePence);
}

/** One booking on the hunter's earnings (confirmed, completed, or cancelled with money moved). Pence. */
export interface EarningsBooking {
  bookingId: string;
  clientName: string;
  sessionType: SessionTypeKey;
  startsAt: string;
  status: BookingStatus;
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
  status: PayoutStatus;
  /** When the money is (or was) expected in the bank. */
  arrivalDate: string;
  createdAt: string;
}

/** `GET /api/hunter-earnings?taxYear=2026` (the UK tax year starting 6 April of that year; default: the current one). */
export interface HunterEarnings {
  taxYear: number;
  /** 'YYYY-04-06' to 'YYYY+1-04-05', London dates. */
  from: string;
  to: string;
  totals: { grossPence: number; feePence: number; refundedPence: number; netPence: number };
  bookings: EarningsBooking[];
  payouts: HunterPayout[];
}

/** The UK tax year an instant falls in (6 April – 5 April, London dates): 2026 for 2027-04-05. */
export function taxYearOf(londonDate: string): number {
  const year = Number(londonDate.slice(0, 4));
  return londonDate.slice(5) >= '04-06' ? year : year - 1;
}
