import {
  DEFAULT_PASSPORT_SHARES,
  type BookingAttendance,
  type BookingEventV1,
  type BookingStatus,
  type Currency,
  type PassportShares,
  type SessionTypeKey,
} from '@hunted/contracts';
import { outcomeOf } from './booking-rules.js';

/**
 * A booking's row as every statement on hunter_bookings returns it (the transitions in booking.repository.ts, the
 * page reads in views/), the SQL fragments they share, and what every booking event carries.
 */

/** Where a booking photo is served: `${BOOKING_PHOTO_PATH}/{id}` (photos/booking-photos.controller.ts). */
export const BOOKING_PHOTO_PATH = '/api/media/booking-photos';

export const BOOKING_NOT_FOUND = 'Booking not found';

/** How an erased member is named where a record of them is kept (a paid booking's other side sees it). */
export const FORMER_MEMBER = 'Former member';

/**
 * The client of a kept booking whose member was erased: a pseudonym of the booking (`former-member:<booking id>`),
 * naming no one and linking the member's bookings to none of each other.
 */
export const FORMER_MEMBER_CLIENT_PREFIX = 'former-member:';

export interface BookingRow {
  id: string;
  status: BookingStatus;
  hunterId: number;
  hunterUserId: string | null;
  clientUserId: string;
  sessionType: SessionTypeKey;
  sessionDate: string;
  sessionTime: string;
  duration: number;
  startsAt: Date;
  endsAt: Date;
  /** Minor units of `currency` (the column keeps its old name: pence when it was only pounds; decision 0105). */
  pricePence: number;
  /** The hunter's currency when the hold or booking was made; every amount of the row is in it. */
  currency: Currency;
  notes: string | null;
  expiresAt: Date | null;
  paymentIntentId: string | null;
  clientSecret: string | null;
  paymentStatus: string | null;
  paidAt: Date | null;
  refundId: string | null;
  refundPence: number;
  refundReason: 'cancelled' | 'late_payment' | null;
  refundedPence: number;
  refundedAt: Date | null;
  cancelledBy: 'client' | 'hunter' | 'system' | null;
  sequence: number;
  createdAt: Date;
  /** The platform's application fee of a paid booking (pence), decided at the hold. */
  platformFeePence: number;
  /** The hunter's connected account the charge pays (destination charge), null for a free or older booking. */
  destinationAccountId: string | null;
  /** `/api/media/booking-photos/{id}` of the client's photos, oldest first. */
  photoUrls: string[];
  cancelReason: string | null;
  attendance: BookingAttendance | null;
  attendanceMarkedAt: Date | null;
  /** The hunter's open suggestion of another time (all null when none). */
  proposedSessionDate: string | null;
  proposedSessionTime: string | null;
  proposedStartsAt: Date | null;
  proposedEndsAt: Date | null;
  proposalMessage: string | null;
  proposedAt: Date | null;
  disputeStatus: 'open' | 'refunded' | 'dismissed' | null;
  disputeReason: string | null;
  disputedAt: Date | null;
  disputeResolvedAt: Date | null;
  disputeResolutionNote: string | null;
  /** What of the style passport the client shares with the hunter (chosen with the hold or the free booking). */
  passport: PassportShares;
  /** When the client asked for the session within the 14-day cancellation period (null: none was needed). */
  expressRequestAt: Date | null;
}

export const BOOKING_COLUMNS = `b.id, b.status, b.hunter_id as "hunterId", b.hunter_user_id as "hunterUserId",
  b.client_user_id as "clientUserId", b.session_type as "sessionType", to_char(b.session_date, 'YYYY-MM-DD') as "sessionDate",
  b.session_time as "sessionTime", b.duration, b.starts_at as "startsAt", b.ends_at as "endsAt", b.price_pence as "pricePence",
  b.currency, b.notes, b.expires_at as "expiresAt", b.payment_intent_id as "paymentIntentId", b.client_secret as "clientSecret",
  b.payment_status as "paymentStatus", b.paid_at as "paidAt", b.refund_id as "refundId", b.refund_pence as "refundPence",
  b.refund_reason as "refundReason", b.refunded_pence as "refundedPence", b.refunded_at as "refundedAt",
  b.cancelled_by as "cancelledBy", b.sequence, b.created_at as "createdAt", b.platform_fee_pence as "platformFeePence",
  b.destination_account_id as "destinationAccountId", b.cancel_reason as "cancelReason", b.attendance,
  b.attendance_marked_at as "attendanceMarkedAt", to_char(b.proposed_session_date, 'YYYY-MM-DD') as "proposedSessionDate",
  b.proposed_session_time as "proposedSessionTime", b.proposed_starts_at as "proposedStartsAt",
  b.proposed_ends_at as "proposedEndsAt", b.proposal_message as "proposalMessage", b.proposed_at as "proposedAt",
  b.dispute_status as "disputeStatus", b.dispute_reason as "disputeReason", b.disputed_at as "disputedAt",
  b.dispute_resolved_at as "disputeResolvedAt", b.dispute_resolution_note as "disputeResolutionNote", b.passport,
  b.express_request_at as "expressRequestAt",
  array(select '${BOOKING_PHOTO_PATH}/' || p.id from booking_photos p where p.booking_id = b.id
        order by p.created_at, p.id) as "photoUrls"`;

/** Clears the hunter's open suggestion of another time (a move, a cancellation or the client's answer ends it). */
export const CLEAR_PROPOSAL = `proposed_session_date = null, proposed_session_time = null, proposed_starts_at = null,
  proposed_ends_at = null, proposal_message = null, proposed_at = null`;

/** What a new row says (a hold adds its length, `holdMinutes`; a free booking is confirmed at once). */
export interface NewBooking {
  id: string;
  hunterId: number;
  hunterUserId: string | null;
  clientUserId: string;
  sessionType: SessionTypeKey;
  sessionDate: string;
  sessionTime: string;
  duration: number;
  startsAt: string;
  endsAt: string;
  pricePence: number;
  currency: Currency;
  /** The client's question or brief (trimmed), or null. */
  notes?: string | null;
  /** What of the style passport the hunter may see; absent: DEFAULT_PASSPORT_SHARES. */
  passport?: PassportShares;
  /** A paid hold's application fee and the hunter's connected account (destination charges); none for a free one. */
  platformFeePence?: number;
  destinationAccountId?: string | null;
  /** When the client made the express request a session within the 14-day period needs (absent: none needed). */
  expressRequestAt?: Date | null;
}

/**
 * The client's question and photos as the booking's hunter may see them: none when the client keeps them to
 * themselves (`passport.question` off). Every hunter-side read of a booking, and every event (messaging posts the
 * question to the hunter from it), goes through this.
 */
export function questionForHunter(row: Pick<BookingRow, 'notes' | 'photoUrls' | 'passport'>): {
  notes: string | null;
  photoUrls: string[];
} {
  if (!(row.passport ?? DEFAULT_PASSPORT_SHARES).question) return { notes: null, photoUrls: [] };
  return { notes: row.notes, photoUrls: row.photoUrls ?? [] };
}

/** What of a booking's row its events are made from (an older migration's rows have no fee: it is left out). */
export type BookingEventRow = Pick<
  BookingRow,
  | 'id' | 'status' | 'hunterId' | 'hunterUserId' | 'clientUserId' | 'sessionType' | 'startsAt' | 'endsAt' | 'pricePence'
  | 'currency' | 'sequence' | 'notes' | 'photoUrls' | 'passport' | 'attendance' | 'attendanceMarkedAt' | 'disputeStatus'
> &
  Partial<Pick<BookingRow, 'platformFeePence'>>;

/** What every booking event carries, its outcome included (decision 0085: bookings alone computes it). */
export function bookingEventOf(row: BookingEventRow): BookingEventV1 {
  return {
    bookingId: row.id,
    hunterId: row.hunterId,
    hunterUserId: row.hunterUserId,
    clientUserId: row.clientUserId,
    sessionType: row.sessionType,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    pricePence: row.pricePence,
    currency: row.currency,
    ...(row.platformFeePence === undefined ? {} : { platformFeePence: row.platformFeePence }),
    sequence: row.sequence,
    ...questionForHunter(row),
    passport: { ...DEFAULT_PASSPORT_SHARES, ...row.passport },
    outcome: outcomeOf(row),
  };
}

/** `b` belongs to the hunter profile of member `$2` (the hunters copy says who owns it now). */
export const OF_HUNTER_MEMBER = `b.hunter_id in (select id from hunters where user_id = $2)`;

/** `b` is a booking `$2` takes part in: as its client, or as its hunter (by the row, or by the hunter copy). */
export const PARTICIPANT = `(b.client_user_id = $2 or b.hunter_user_id = $2
                      or exists (select 1 from hunters h2 where h2.id = b.hunter_id and h2.user_id = $2))`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Booking ids are UUIDs: anything else names no booking (and never reaches PostgreSQL's uuid cast). */
export function isBookingId(value: string): boolean {
  return UUID.test(value);
}
