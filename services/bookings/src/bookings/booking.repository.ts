import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_PASSPORT_SHARES,
  BOOKING_ERRORS,
  BOOKING_RULES,
  type BookingAttendance,
  type BookingEventV1,
  type BookingStatus,
  type PassportShares,
  type SessionTypeKey,
  type Slot,
} from '@hunted/contracts';
import {
  EventPublisher,
  now,
  preparedQuery,
  retriedTransaction,
  SQL_STATE,
  sqlStateOf,
  type Page,
} from '@hunted/platform';
import type { JoiningDetails } from '@hunted/contracts';
import { BOOKING_PHOTO_PATH } from './photos/booking-photo-path.js';
import { BookingMetrics } from './booking-metrics.js';
import { BOOKING_GUARDS } from '../store/booking-guards.js';
import { DataSource, type EntityManager } from 'typeorm';

export const BOOKING_NOT_FOUND = 'Booking not found';

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
  pricePence: number;
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
}

export const BOOKING_COLUMNS = `b.id, b.status, b.hunter_id as "hunterId", b.hunter_user_id as "hunterUserId",
  b.client_user_id as "clientUserId", b.session_type as "sessionType", to_char(b.session_date, 'YYYY-MM-DD') as "sessionDate",
  b.session_time as "sessionTime", b.duration, b.starts_at as "startsAt", b.ends_at as "endsAt", b.price_pence as "pricePence",
  b.notes, b.expires_at as "expiresAt", b.payment_intent_id as "paymentIntentId", b.client_secret as "clientSecret",
  b.payment_status as "paymentStatus", b.paid_at as "paidAt", b.refund_id as "refundId", b.refund_pence as "refundPence",
  b.refund_reason as "refundReason", b.refunded_pence as "refundedPence", b.refunded_at as "refundedAt",
  b.cancelled_by as "cancelledBy", b.sequence, b.created_at as "createdAt", b.platform_fee_pence as "platformFeePence",
  b.destination_account_id as "destinationAccountId", b.cancel_reason as "cancelReason", b.attendance,
  b.attendance_marked_at as "attendanceMarkedAt", to_char(b.proposed_session_date, 'YYYY-MM-DD') as "proposedSessionDate",
  b.proposed_session_time as "proposedSessionTime", b.proposed_starts_at as "proposedStartsAt",
  b.proposed_ends_at as "proposedEndsAt", b.proposal_message as "proposalMessage", b.proposed_at as "proposedAt",
  b.dispute_status as "disputeStatus", b.dispute_reason as "disputeReason", b.disputed_at as "disputedAt",
  b.dispute_resolved_at as "disputeResolvedAt", b.dispute_resolution_note as "disputeResolutionNote", b.passport,
  array(select '${BOOKING_PHOTO_PATH}/' || p.id from booking_photos p where p.booking_id = b.id
        order by p.created_at, p.id) as "photoUrls"`;

/** Clears the hunter's open suggestion of another time (a move, a cancellation or the client's answer ends it). */
const CLEAR_PROPOSAL = `proposed_session_date = null, proposed_session_time = null, proposed_starts_at = null,
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
  /** The client's question or brief (trimmed), or null. */
  notes?: string | null;
  /** What of the style passport the hunter may see; absent: DEFAULT_PASSPORT_SHARES. */
  passport?: PassportShares;
  /** A paid hold's application fee and the hunter's connected account (destination charges); none for a free one. */
  platformFeePence?: number;
  destinationAccountId?: string | null;
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

/** What every booking event carries. */
export function bookingEventOf(row: BookingRow): BookingEventV1 {
  return {
    bookingId: row.id,
    hunterId: row.hunterId,
    hunterUserId: row.hunterUserId,
    clientUserId: row.clientUserId,
    sessionType: row.sessionType,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    pricePence: row.pricePence,
    sequence: row.sequence,
    ...questionForHunter(row),
    passport: { ...DEFAULT_PASSPORT_SHARES, ...row.passport },
  };
}

/**
 * A hunter's live holds and bookings around some dates (a day either side covers any offset), read for every view
 * of their slots: a named statement (planned once per connection) on hunter_bookings_busy_idx. The lower bound on
 * starts_at is what lets the index skip the hunter's past: no session lasts a day, so one ending after the day
 * before `from` starts after the day before that.
 */
const BUSY_RANGES = {
  name: 'bookings_busy_ranges',
  text: `select starts_at as "startsAt", ends_at as "endsAt" from hunter_bookings
         where hunter_id = $1 and status in ('confirmed', 'pending_payment')
           and (status = 'confirmed' or expires_at > now())
           and starts_at < $3::date + 2 and starts_at > $2::date - 2 and ends_at > $2::date - 1
           and id <> coalesce($4::uuid, '00000000-0000-0000-0000-000000000000')`,
};

/** 23P01 from either exclusion constraint: another active row holds part of that time. */
async function refusingOverlaps<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (sqlStateOf(error) === SQL_STATE.exclusionViolation) throw new ConflictException(BOOKING_ERRORS.slotTaken);
    throw error;
  }
}

/** A row with the names the pages show (the hunter's copy, the client's user copy). */
export type BookingRowWithNames = BookingRow & {
  hunterName: string | null;
  hunterProfileImage: string | null;
  hunterLocation: string | null;
  clientName: string | null;
};

/** The two booking lists: the member's own (as client), and those of the member's hunter profile. */
export type BookingList = 'client' | 'hunter';

const COLUMNS_WITH_NAMES = `${BOOKING_COLUMNS}, h.name as "hunterName", h.profile_image_url as "hunterProfileImage",
  h.location as "hunterLocation", nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as "clientName"`;
const FROM_WITH_NAMES = `from hunter_bookings b left join hunters h on h.id = b.hunter_id left join users u on u.user_id = b.client_user_id`;

/** The hunter's joining details (released to the client by BookingsService, never to anyone else). */
export type BookingRowWithJoining = BookingRowWithNames & { joining: JoiningDetails | null };
const COLUMNS_WITH_JOINING = `${COLUMNS_WITH_NAMES}, j.joining`;
const FROM_WITH_JOINING = `${FROM_WITH_NAMES} left join hunter_joining_details j on j.hunter_id = b.hunter_id`;

/** `b` belongs to the hunter profile of member `$2` (the hunters copy says who owns it now). */
const OF_HUNTER_MEMBER = `b.hunter_id in (select id from hunters where user_id = $2)`;

/** A booking to one admin: with the names the console shows. */
export type DisputeRow = BookingRowWithNames;

/** `b` is a booking `$2` takes part in: as its client, or as its hunter (by the row, or by the hunter copy). */
const PARTICIPANT = `(b.client_user_id = $2 or b.hunter_user_id = $2
                      or exists (select 1 from hunters h2 where h2.id = b.hunter_id and h2.user_id = $2))`;

/** Each list's rows, `$1` the user. */
const LISTS: Record<BookingList, string> = {
  client: `b.client_user_id = $1 and (b.status in ('confirmed', 'completed', 'cancelled')
                                        or (b.status = 'pending_payment' and b.expires_at > now()))`,
  hunter: `b.hunter_id in (select id from hunters where user_id = $1) and b.status in ('confirmed', 'completed', 'cancelled')`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Booking ids are UUIDs: anything else names no booking (and never reaches PostgreSQL's uuid cast). */
export function isBookingId(value: string): boolean {
  return UUID.test(value);
}

/** The limits a move must meet, read in the UPDATE itself (BookingLimits' configuration). */
export interface RescheduleLimits {
  maxMoves: number;
  cooldownMinutes: number;
}

/** A time still free for a late payment to confirm, or the reason it is refunded instead. */
export type PaidHoldOutcome = 'confirmed' | 'refunded';

/**
 * The one owner of hunter_bookings, and its state machine: no other file holds SQL on the table. Each transition
 * (docs/architecture.md, "Bookings: the state machine") names the states it leaves in its WHERE, writes the row
 * and publishes its event through the outbox in the same transaction (the caller's when it passes its
 * EntityManager, else its own). The exclusion constraints decide every overlap (never a check before the write),
 * and each write that takes a time first expires the stale holds in its way, in the same transaction.
 *
 *   hold                (new)                                → pending_payment
 *   bookFree            (new)                                → confirmed        bookings.booking.confirmed
 *   settlePaidHold      pending_payment, expired (unpaid)    → confirmed        bookings.booking.confirmed
 *                       … its time begun or taken            → expired, refund owed (late_payment)
 *   expire, release     pending_payment                      → expired
 *   reschedule          confirmed                            → confirmed        bookings.booking.rescheduled
 *   cancel              confirmed                            → cancelled        bookings.booking.cancelled
 *   settleRefund        cancelled, expired (owing a refund)  → (same)           bookings.booking.refunded
 *   completeEnded       confirmed (ended)                    → completed        bookings.booking.completed
 *   cancelByHunter      confirmed (not started)              → cancelled        bookings.booking.cancelled
 *   markAttendance      confirmed, completed (started)       → (completed)      bookings.booking.attendance-marked
 *   propose             confirmed (not started)              → (same)           bookings.booking.time-proposed
 *   declineProposal     (an open proposal)                   → (same)           bookings.booking.proposal-declined
 *   reschedule (accepting the proposal)                      → confirmed        bookings.booking.rescheduled
 *   dispute             (a no-show mark, in its window)      → (same)           bookings.booking.disputed
 *   resolveDispute      (an open dispute)                    → (same)           bookings.booking.dispute-resolved
 */
@Injectable()
export class BookingRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly metrics: BookingMetrics,
  ) {}

  /** Serialises one member's holding and booking (their hold count and their same-slot retries), across replicas. */
  async lockClient(manager: EntityManager, clientUserId: string): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtextextended('bookings:client:' || $1, 0))`, [clientUserId]);
  }

  /**
   * Serialises the new bookings of one hunter, and the writes of a hold's intent, across replicas; taken after
   * `lockClient` where both are. The overlap constraint alone keeps two bookings of one time from both committing,
   * but many members racing for one time each wait on the others' inserts still in flight, and PostgreSQL breaks
   * the cycles one deadlock check (a second) at a time: in a 200-member race a loser could exhaust its retries
   * (500), and under load the queue behind those waits ran out of pooled connections for a minute (503s). In turn,
   * each insert meets the committed hold at once and is refused (409).
   */
  private async lockHunterTimes(manager: EntityManager, hunterId: number): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtextextended('bookings:hunter:' || $1, 0))`, [hunterId]);
  }

  /**
   * Refuses (409) a time another member holds or has booked, before queueing for the hunter's lock: once a race for
   * a time is won, the others learn it from one read rather than one at a time behind the lock. The overlap
   * constraint stays the truth for what this read cannot see yet.
   */
  private async refuseTimeTaken(
    manager: EntityManager,
    booking: { hunterId: number; clientUserId: string; startsAt: string; endsAt: string },
  ): Promise<void> {
    const taken = await manager.query<unknown[]>(
      `select 1 from hunter_bookings
        where hunter_id = $1 and client_user_id <> $2
          and (status = 'confirmed' or (status = 'pending_payment' and expires_at > now()))
          and tstzrange(starts_at, ends_at) && tstzrange($3::timestamptz, $4::timestamptz)
        limit 1`,
      [booking.hunterId, booking.clientUserId, booking.startsAt, booking.endsAt],
    );
    if (taken.length > 0) throw new ConflictException(BOOKING_ERRORS.slotTaken);
  }

  // ---- Reads -------------------------------------------------------------------------------------------------

  async find(
    bookingId: string,
    manager: EntityManager = this.dataSource.manager,
    forUpdate = false,
  ): Promise<BookingRow | null> {
    const rows = await manager.query<BookingRow[]>(
      `select ${BOOKING_COLUMNS} from hunter_bookings b where id = $1${forUpdate ? ' for update' : ''}`,
      [bookingId],
    );
    return rows[0] ?? null;
  }

  async get(bookingId: string, manager?: EntityManager): Promise<BookingRow> {
    const row = await this.find(bookingId, manager);
    if (!row) throw new NotFoundException(BOOKING_NOT_FOUND);
    return row;
  }

  /** Locks the row until the caller's transaction ends (reports about one booking are applied one at a time). */
  async lock(manager: EntityManager, bookingId: string): Promise<void> {
    await this.find(bookingId, manager, true);
  }

  async findByIntent(
    paymentIntentId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<BookingRow | null> {
    const rows = await manager.query<BookingRow[]>(
      `select ${BOOKING_COLUMNS} from hunter_bookings b where payment_intent_id = $1`,
      [paymentIntentId],
    );
    return rows[0] ?? null;
  }

  /** A booking the member takes part in (as its client or as its hunter), else 404 — never saying it exists. */
  async findForParticipant(bookingId: string, userId: string): Promise<BookingRow> {
    if (!isBookingId(bookingId)) throw new NotFoundException(BOOKING_NOT_FOUND);
    const rows = await this.dataSource.query<BookingRow[]>(
      `select ${BOOKING_COLUMNS} from hunter_bookings b where b.id = $1 and ${PARTICIPANT}`,
      [bookingId, userId],
    );
    if (!rows[0]) throw new NotFoundException(BOOKING_NOT_FOUND);
    return rows[0];
  }

  /** The same, with the names the pages show (and the hunter's joining details), in one read. */
  async findWithNamesForParticipant(bookingId: string, userId: string): Promise<BookingRowWithJoining> {
    if (!isBookingId(bookingId)) throw new NotFoundException(BOOKING_NOT_FOUND);
    const rows = await this.dataSource.query<BookingRowWithJoining[]>(
      `select ${COLUMNS_WITH_JOINING} ${FROM_WITH_JOINING} where b.id = $1 and ${PARTICIPANT}`,
      [bookingId, userId],
    );
    if (!rows[0]) throw new NotFoundException(BOOKING_NOT_FOUND);
    return rows[0];
  }

  /** A booking of the hunter profile member `userId` owns, with its names, else 404 (never saying it exists). */
  async findWithNamesForHunter(bookingId: string, userId: string): Promise<BookingRowWithNames> {
    if (!isBookingId(bookingId)) throw new NotFoundException(BOOKING_NOT_FOUND);
    const rows = await this.dataSource.query<BookingRowWithNames[]>(
      `select ${COLUMNS_WITH_NAMES} ${FROM_WITH_NAMES} where b.id = $1 and ${OF_HUNTER_MEMBER}`,
      [bookingId, userId],
    );
    if (!rows[0]) throw new NotFoundException(BOOKING_NOT_FOUND);
    return rows[0];
  }

  /**
   * Whether member `userId` owns the hunter profile of the booking and its client shares the question with them
   * (a photo of it is then theirs to see; with `passport.question` off it is the client's alone).
   */
  async hunterMemberSeesQuestionOf(bookingId: string, userId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `select 1 from hunter_bookings b
        where b.id = $1 and ${OF_HUNTER_MEMBER} and coalesce((b.passport ->> 'question')::boolean, true)`,
      [bookingId, userId],
    );
    return rows.length > 0;
  }

  /** A page of the disputes (open ones, or all), newest first, with the total. */
  async disputesPage(onlyOpen: boolean, page: Page): Promise<{ rows: DisputeRow[]; total: number }> {
    const where = onlyOpen ? `b.dispute_status = 'open'` : `b.dispute_status is not null`;
    const rows = await this.dataSource.query<DisputeRow[]>(
      `select ${COLUMNS_WITH_NAMES} ${FROM_WITH_NAMES} where ${where} order by b.disputed_at desc, b.id limit $1 offset $2`,
      [page.limit, page.offset],
    );
    const [count] = await this.dataSource.query<{ n: number }[]>(
      `select count(*)::int as n from hunter_bookings b where ${where}`,
    );
    return { rows, total: count!.n };
  }

  /** One booking with its names, for the admin (404 when it is none). */
  async findWithNames(bookingId: string): Promise<DisputeRow> {
    if (!isBookingId(bookingId)) throw new NotFoundException(BOOKING_NOT_FOUND);
    const rows = await this.dataSource.query<DisputeRow[]>(
      `select ${COLUMNS_WITH_NAMES} ${FROM_WITH_NAMES} where b.id = $1`,
      [bookingId],
    );
    if (!rows[0]) throw new NotFoundException(BOOKING_NOT_FOUND);
    return rows[0];
  }

  /**
   * A page of the list's rows, soonest first (ties by id, so pages never repeat or skip), with the total: a list
   * grows without bound for a busy member, so it is never read whole.
   */
  async page(list: BookingList, userId: string, page: Page): Promise<{ rows: BookingRowWithJoining[]; total: number }> {
    const where = LISTS[list];
    const rows = await this.dataSource.query<(BookingRowWithJoining & { total: number })[]>(
      `select ${COLUMNS_WITH_JOINING}, count(*) over ()::int as total ${FROM_WITH_JOINING}
       where ${where} order by b.starts_at, b.id limit $2 offset $3`,
      [userId, page.limit, page.offset],
    );
    if (rows.length || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the total: count on its own then.
    const [count] = await this.dataSource.query<{ n: number }[]>(
      `select count(*)::int as n from hunter_bookings b where ${where}`,
      [userId],
    );
    return { rows, total: count!.n };
  }

  /** Live holds and confirmed bookings of the hunter around the dates (a day either side covers any offset). */
  busyRanges(
    hunterId: number,
    from: string,
    to: string,
    exceptId: string | null = null,
  ): Promise<{ startsAt: Date; endsAt: Date }[]> {
    return preparedQuery(this.dataSource, BUSY_RANGES, [hunterId, from, to, exceptId]);
  }

  /** The member's live hold of exactly that start with that hunter and type, if any. */
  async findLiveHold(
    manager: EntityManager,
    key: { clientUserId: string; hunterId: number; sessionType: string; startsAt: string },
  ): Promise<BookingRow | null> {
    const rows = await manager.query<BookingRow[]>(
      `select ${BOOKING_COLUMNS} from hunter_bookings b
       where client_user_id = $1 and hunter_id = $2 and session_type = $3 and starts_at = $4
         and status = 'pending_payment' and expires_at > now()`,
      [key.clientUserId, key.hunterId, key.sessionType, key.startsAt],
    );
    return rows[0] ?? null;
  }

  async countLiveHolds(manager: EntityManager, clientUserId: string): Promise<number> {
    const rows = await manager.query<{ count: number }[]>(
      `select count(*)::int as count from hunter_bookings where client_user_id = $1 and status = 'pending_payment' and expires_at > now()`,
      [clientUserId],
    );
    return rows[0]?.count ?? 0;
  }

  /** The member's upcoming free bookings with the hunter (BookingLimits' cap). */
  async countUpcomingFree(manager: EntityManager, clientUserId: string, hunterId: number): Promise<number> {
    const [row] = await manager.query<{ count: number }[]>(
      `select count(*)::int as count from hunter_bookings
        where client_user_id = $1 and hunter_id = $2 and price_pence = 0 and status = 'confirmed' and ends_at > now()`,
      [clientUserId, hunterId],
    );
    return row?.count ?? 0;
  }

  /** Paid holds the member started in the last 24 hours, and the wait until the oldest leaves the window. */
  async holdsOfLastDay(manager: EntityManager, clientUserId: string): Promise<{ count: number; waitMs: number }> {
    const [row] = await manager.query<{ count: number; waitMs: number | null }[]>(
      `select count(*)::int as count,
              extract(epoch from min(created_at) + interval '24 hours' - now()) * 1000 as "waitMs"
         from hunter_bookings
        where client_user_id = $1 and price_pence > 0 and created_at > now() - interval '24 hours'`,
      [clientUserId],
    );
    return { count: row?.count ?? 0, waitMs: Number(row?.waitMs ?? 0) };
  }

  /**
   * How long until the member may hold this time of the hunter again, after releasing (or letting expire) an
   * overlapping unpaid hold less than `cooldownMinutes` ago; null when nothing stands in the way.
   */
  async reHoldWaitMs(
    manager: EntityManager,
    hold: { clientUserId: string; hunterId: number; startsAt: string; endsAt: string },
    cooldownMinutes: number,
  ): Promise<number | null> {
    // A released hold ends at once (expires_at set to then); an unpaid one at its expires_at, whether or not the
    // expiry job has marked it yet.
    const [row] = await manager.query<{ waitMs: number | null }[]>(
      `select extract(epoch from max(expires_at) + make_interval(mins => $5::int) - now()) * 1000 as "waitMs"
         from hunter_bookings
        where client_user_id = $1 and hunter_id = $2 and status in ('expired', 'pending_payment')
          and payment_status is distinct from 'succeeded'
          and expires_at <= now() and expires_at > now() - make_interval(mins => $5::int)
          and tstzrange(starts_at, ends_at) && tstzrange($3::timestamptz, $4::timestamptz)`,
      [hold.clientUserId, hold.hunterId, hold.startsAt, hold.endsAt, cooldownMinutes],
    );
    return row?.waitMs == null ? null : Number(row.waitMs);
  }

  /**
   * A movable booking's moves so far and the wait its cooldown still asks (`waitMs`, null if never moved); null
   * when it is no longer confirmed or is inside the change window.
   */
  async rescheduleStateOf(
    manager: EntityManager,
    bookingId: string,
    cooldownMinutes: number,
  ): Promise<{ count: number; waitMs: number | null } | null> {
    // The wait runs from this moment (clock_timestamp), not from the start of the transaction: a move that lost a
    // race began its transaction before the winner's, whose `rescheduled_at` is then later than this one's now().
    const [row] = await manager.query<{ count: number; waitMs: number | null }[]>(
      `select reschedule_count as count,
              extract(epoch from rescheduled_at + make_interval(mins => $2::int) - clock_timestamp()) * 1000 as "waitMs"
         from hunter_bookings
        where id = $1 and status = 'confirmed' and starts_at >= now() + make_interval(hours => $3::int)`,
      [bookingId, cooldownMinutes, BOOKING_RULES.changeWindowHours],
    );
    return row ? { count: row.count, waitMs: row.waitMs == null ? null : Number(row.waitMs) } : null;
  }

  /**
   * The hold sweep's due rows: holds past their time, and expired holds whose intent is neither cancelled nor
   * settled yet (due first: an intent put off is not due until its `payment_check_after`).
   */
  async holdsDue(limit: number): Promise<string[]> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `select id from hunter_bookings
       where (status = 'pending_payment' and expires_at <= now())
          or (status = 'expired' and payment_intent_id is not null and paid_at is null
              and payment_status is distinct from 'canceled'
              and coalesce(payment_check_after, expires_at) <= now())
       order by coalesce(payment_check_after, expires_at) limit $1`,
      [limit],
    );
    return rows.map(({ id }) => id);
  }

  /** The refund sweep's due rows: a refund recorded but never asked of the processor (the request failed). */
  async refundsDue(limit: number): Promise<string[]> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `select id from hunter_bookings
       where refund_pence > 0 and refund_id is null and refunded_at is null and payment_intent_id is not null
         and updated_at < now() - interval '30 seconds'
       order by updated_at limit $1`,
      [limit],
    );
    return rows.map(({ id }) => id);
  }

  /** What the simulated processor knows of an intent: the booking row that holds it. */
  async simulatedIntent(paymentIntentId: string): Promise<{
    bookingId: string;
    pricePence: number;
    clientSecret: string | null;
    paymentStatus: string | null;
  } | null> {
    const rows = await this.dataSource.query<
      { bookingId: string; pricePence: number; clientSecret: string | null; paymentStatus: string | null }[]
    >(
      `select id as "bookingId", price_pence as "pricePence", client_secret as "clientSecret", payment_status as "paymentStatus"
       from hunter_bookings where payment_intent_id = $1`,
      [paymentIntentId],
    );
    return rows[0] ?? null;
  }

  // ---- Transitions -------------------------------------------------------------------------------------------

  /** (new) → `pending_payment` for `holdMinutes`. No event: a hold is not a booking yet. */
  async hold(manager: EntityManager, booking: NewBooking & { holdMinutes: number }): Promise<BookingRow> {
    const row = await this.insert(manager, booking, 'pending_payment', booking.holdMinutes);
    this.metrics.counted('held', 1, manager);
    return row;
  }

  /**
   * (new) → `confirmed`, a free type booked at once; publishes `bookings.booking.confirmed`. `attach` runs between
   * the insert and the event (the client's photos take the new row's id, so the event carries their URLs).
   */
  async bookFree(
    manager: EntityManager,
    booking: NewBooking,
    attach: (row: BookingRow) => Promise<void> = async () => undefined,
  ): Promise<BookingRow> {
    const inserted = await this.insert(manager, booking, 'confirmed', null);
    await attach(inserted);
    const row = (await this.find(inserted.id, manager))!;
    await this.events.publish(manager, 'bookings.booking.confirmed', bookingEventOf(row));
    this.metrics.counted('confirmed', 1, manager);
    return row;
  }

  private async insert(
    manager: EntityManager,
    booking: NewBooking,
    status: 'pending_payment' | 'confirmed',
    holdMinutes: number | null,
  ): Promise<BookingRow> {
    await this.refuseTimeTaken(manager, booking);
    await this.lockHunterTimes(manager, booking.hunterId);
    await this.expireStaleOverlapping(manager, booking);
    const rows = await refusingOverlaps(
      manager.query<BookingRow[]>(
        `insert into hunter_bookings as b (id, status, expires_at, hunter_id, hunter_user_id, client_user_id, session_type,
           session_date, session_time, duration, starts_at, ends_at, price_pence, platform_fee_pence,
           destination_account_id, notes, passport)
         values ($1, $2, case when $3::int is null then null else now() + make_interval(mins => $3::int) end,
                 $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb)
         returning ${BOOKING_COLUMNS}`,
        [
          booking.id,
          status,
          holdMinutes,
          booking.hunterId,
          booking.hunterUserId,
          booking.clientUserId,
          booking.sessionType,
          booking.sessionDate,
          booking.sessionTime,
          booking.duration,
          booking.startsAt,
          booking.endsAt,
          booking.pricePence,
          booking.platformFeePence ?? 0,
          booking.destinationAccountId ?? null,
          booking.notes ?? null,
          JSON.stringify(booking.passport ?? DEFAULT_PASSPORT_SHARES),
        ],
      ),
    );
    return rows[0]!;
  }

  /** Marks expired the holds past their time that overlap [startsAt, endsAt) for the hunter or the client. */
  private async expireStaleOverlapping(
    manager: EntityManager,
    range: {
      hunterId: number;
      clientUserId: string;
      startsAt: string | Date;
      endsAt: string | Date;
      exceptId?: string;
    },
  ): Promise<void> {
    await manager.query(
      `update hunter_bookings set status = 'expired', updated_at = now()
       where status = 'pending_payment' and expires_at <= now()
         and (hunter_id = $1 or client_user_id = $2)
         and tstzrange(starts_at, ends_at) && tstzrange($3::timestamptz, $4::timestamptz)
         and id <> coalesce($5::uuid, '00000000-0000-0000-0000-000000000000')`,
      [range.hunterId, range.clientUserId, range.startsAt, range.endsAt, range.exceptId ?? null],
    );
  }

  /**
   * Records the hold's intent once (a retry that raced finds it set and keeps the first). No state change. Under the
   * hunter's lock (`lockHunterTimes`): the row's new version is checked against the overlap constraint like an
   * insert, and run right after the hold committed, while others still race for the time, it waited on their inserts
   * as they waited on it, and was now and then the deadlock's victim, answering the race's winner 500.
   */
  async attachIntent(
    booking: { id: string; hunterId: number },
    intent: { id: string; clientSecret: string; status: string },
  ): Promise<BookingRow> {
    await retriedTransaction(this.dataSource, async (manager) => {
      await this.lockHunterTimes(manager, booking.hunterId);
      await manager.query(
        `update hunter_bookings set payment_intent_id = $2, client_secret = $3, payment_status = $4, updated_at = now()
         where id = $1 and payment_intent_id is null`,
        [booking.id, intent.id, intent.clientSecret, intent.status],
      );
    });
    return this.get(booking.id);
  }

  /**
   * `pending_payment` or `expired` (unpaid) → `confirmed` when the payment of the hold (row locked by the caller)
   * settles while its time is still ahead and free; publishes `bookings.booking.confirmed`. Otherwise (the time has
   * begun, or someone else took it after the hold expired) → `recordLatePayment`: the money is owed back.
   */
  async settlePaidHold(manager: EntityManager, hold: BookingRow): Promise<PaidHoldOutcome> {
    await this.expireStaleOverlapping(manager, { ...hold, exceptId: hold.id });
    await manager.query('savepoint confirm_payment');
    try {
      // Only a time still ahead is confirmed: a payment that settles after the start is refunded.
      const [rows] = await manager.query<[BookingRow[], number]>(
        `update hunter_bookings as b set status = 'confirmed', paid_at = now(), payment_status = 'succeeded', expires_at = null,
             payment_check_after = null, updated_at = now()
         where b.id = $1 and b.status in ('pending_payment', 'expired') and b.paid_at is null and b.starts_at > now()
           -- a hunter suspended (or otherwise no longer approved) meanwhile takes no booking: the money goes back
           and not exists (select 1 from hunters h where h.id = b.hunter_id and h.status <> 'approved')
         returning ${BOOKING_COLUMNS}`,
        [hold.id],
      );
      const confirmed = rows[0];
      if (!confirmed) return this.recordLatePayment(manager, hold.id);
      await this.events.publish(manager, 'bookings.booking.confirmed', bookingEventOf(confirmed));
      this.metrics.counted('confirmed', 1, manager);
      return 'confirmed';
    } catch (error) {
      if (sqlStateOf(error) !== SQL_STATE.exclusionViolation) throw error;
      // The hold expired and someone else took the time: the money goes back.
      await manager.query('rollback to savepoint confirm_payment');
      return this.recordLatePayment(manager, hold.id);
    }
  }

  /** `pending_payment` or `expired` (unpaid) → `expired`, paid, its whole price owed back (`late_payment`). */
  private async recordLatePayment(manager: EntityManager, bookingId: string): Promise<'refunded'> {
    await manager.query(
      `update hunter_bookings set status = 'expired', paid_at = now(), payment_status = 'succeeded', payment_check_after = null,
         refund_pence = price_pence, refund_reason = 'late_payment', updated_at = now()
       where id = $1 and status in ('pending_payment', 'expired') and paid_at is null`,
      [bookingId],
    );
    this.metrics.counted('late_payment', 1, manager);
    return 'refunded';
  }

  /** `pending_payment` past its `expires_at` → `expired` (the expiry job); returns the row as it is after. */
  async expire(bookingId: string): Promise<BookingRow | null> {
    const [, expired] = await this.dataSource.query<[unknown[], number]>(
      `update hunter_bookings set status = 'expired', updated_at = now()
       where id = $1 and status = 'pending_payment' and expires_at <= now()`,
      [bookingId],
    );
    this.metrics.counted('expired', expired);
    return this.find(bookingId);
  }

  /**
   * `pending_payment` → `expired` at once, by the hold's own member (it ends now, whatever its `expires_at`);
   * returns the intent to cancel, or null when there was none or the hold was not live.
   */
  async release(bookingId: string, clientUserId: string): Promise<{ paymentIntentId: string | null } | null> {
    const [released] = await this.dataSource.query<[{ paymentIntentId: string | null }[], number]>(
      `update hunter_bookings set status = 'expired', expires_at = least(expires_at, now()), updated_at = now()
       where id = $1 and client_user_id = $2 and status = 'pending_payment'
       returning payment_intent_id as "paymentIntentId"`,
      [bookingId, clientUserId],
    );
    this.metrics.counted('released', released.length);
    return released[0] ?? null;
  }

  /** The unpaid intent of an ended hold was cancelled by the processor. No state change. */
  async recordIntentCancelled(bookingId: string): Promise<void> {
    await this.dataSource.query(
      `update hunter_bookings set payment_status = 'canceled', payment_check_after = null, updated_at = now()
       where id = $1 and paid_at is null`,
      [bookingId],
    );
  }

  /** An ended hold's intent the processor will neither cancel nor has settled: asked about again later. */
  async deferPaymentCheck(bookingId: string, paymentStatus: string, afterMinutes: number): Promise<void> {
    await this.dataSource.query(
      `update hunter_bookings set payment_status = $2,
         payment_check_after = now() + make_interval(mins => $3::int), updated_at = now()
       where id = $1 and paid_at is null`,
      [bookingId, paymentStatus, afterMinutes],
    );
  }

  /** The simulated processor cancels an intent (unless already paid): its state is the row's `payment_status`. */
  async cancelSimulatedIntent(paymentIntentId: string): Promise<void> {
    await this.dataSource.query(
      `update hunter_bookings set payment_status = 'canceled', updated_at = now()
       where payment_intent_id = $1 and payment_status is distinct from 'succeeded'`,
      [paymentIntentId],
    );
  }

  /**
   * `confirmed` → `confirmed` at another time of the client's (same type, length and price), until the change
   * window and within `limits`, all read in the one UPDATE (two racing moves meet the row lock, so the second reads
   * the first's count); raises `sequence` and publishes `bookings.booking.rescheduled` with the previous times.
   * With `acceptingProposal`, the client takes the hunter's open proposal instead (that time only, until the start,
   * no limit). Null when refused; the exclusion constraints refuse a taken time (409).
   */
  async reschedule(
    manager: EntityManager,
    booking: BookingRow,
    to: { clientUserId: string; sessionDate: string; slot: Slot },
    limits: RescheduleLimits,
    options: { acceptingProposal?: boolean } = {},
  ): Promise<BookingRow | null> {
    const { slot } = to;
    await this.expireStaleOverlapping(manager, {
      ...booking,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      exceptId: booking.id,
    });
    // The client's own move keeps to the change window and the limits; accepting the hunter's proposal (that very
    // time) is allowed until the session starts (the hunter asked) and counts no move of the client's. Either ends
    // any open proposal.
    const proposal = options.acceptingProposal === true;
    const guard = proposal
      ? `${BOOKING_GUARDS.cancellable('$7')} and b.proposed_starts_at = $5::timestamptz`
      : `b.status = 'confirmed' and ${BOOKING_GUARDS.startsBeforeWindow('$7')}
           and b.reschedule_count < $8::int
           and (b.rescheduled_at is null or b.rescheduled_at <= now() - make_interval(mins => $9::int))`;
    const counted = proposal ? '' : 'reschedule_count = b.reschedule_count + 1, rescheduled_at = now(),';
    const parameters = [booking.id, to.clientUserId, to.sessionDate, slot.time, slot.startsAt, slot.endsAt, now()];
    const [rows] = await refusingOverlaps(
      manager.query<[(BookingRow & { previousStartsAt: Date; previousEndsAt: Date })[], number]>(
        `update hunter_bookings as b
           set session_date = $3, session_time = $4, starts_at = $5, ends_at = $6, sequence = b.sequence + 1,
               ${counted} ${CLEAR_PROPOSAL}, updated_at = now()
         from (select id, starts_at, ends_at from hunter_bookings where id = $1 for update) previous
         where b.id = previous.id and b.client_user_id = $2 and ${guard}
         returning ${BOOKING_COLUMNS}, previous.starts_at as "previousStartsAt", previous.ends_at as "previousEndsAt"`,
        proposal ? parameters : [...parameters, limits.maxMoves, limits.cooldownMinutes],
      ),
    );
    const moved = rows[0];
    if (!moved) return null;
    const { previousStartsAt, previousEndsAt, ...after } = moved;
    await this.events.publish(manager, 'bookings.booking.rescheduled', {
      ...bookingEventOf(after),
      previousStartsAt: new Date(previousStartsAt).toISOString(),
      previousEndsAt: new Date(previousEndsAt).toISOString(),
    });
    this.metrics.counted('rescheduled', 1, manager);
    return after;
  }

  /**
   * `confirmed` (not started) → `cancelled` by one of its participants, `userId` (its client, else its hunter),
   * in one statement that also reads who cancels and decides the refund at the moment of the write: the whole
   * price when the hunter cancels or until the change window, nothing after. Raises `sequence` and publishes
   * `bookings.booking.cancelled` in its own transaction. Null when refused (no such booking of the member's, or
   * not cancellable).
   */
  async cancel(bookingId: string, userId: string): Promise<BookingRow | null> {
    if (!isBookingId(bookingId)) return null;
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[BookingRow[], number]>(
        `update hunter_bookings as b
           set status = 'cancelled', cancelled_at = now(), sequence = b.sequence + 1, refund_reason = 'cancelled',
               updated_at = now(), ${CLEAR_PROPOSAL},
               cancelled_by = case when b.client_user_id = $2 then 'client' else 'hunter' end,
               refund_pence = case when b.client_user_id <> $2
                                     or ${BOOKING_GUARDS.startsBeforeWindow('$3')}
                                   then b.price_pence else 0 end
         where b.id = $1 and ${PARTICIPANT} and ${BOOKING_GUARDS.cancellable('$3')}
         returning ${BOOKING_COLUMNS}`,
        [bookingId, userId, now()],
      );
      const row = rows[0];
      if (!row) return null;
      await this.events.publish(manager, 'bookings.booking.cancelled', {
        ...bookingEventOf(row),
        cancelledBy: row.cancelledBy as 'client' | 'hunter',
        refundPence: row.refundPence,
        cause: null,
        reason: null,
      });
      this.metrics.counted('cancelled', 1, manager);
      return row;
    });
  }

  /**
   * The hunter was suspended (in the inbox transaction of `hunters.hunter.vetted`): each of their `confirmed`
   * bookings not yet started → `cancelled` by `system`, the whole price owed back, `bookings.booking.cancelled`
   * with `cause: 'hunter_suspended'`. The refunds are asked of the processor after the commit (the refund job).
   */
  async cancelForSuspendedHunter(manager: EntityManager, hunterId: number): Promise<BookingRow[]> {
    const [rows] = await manager.query<[BookingRow[], number]>(
      `update hunter_bookings as b
         set status = 'cancelled', cancelled_at = now(), sequence = b.sequence + 1, refund_reason = 'cancelled',
             cancelled_by = 'system', refund_pence = b.price_pence, updated_at = now(), ${CLEAR_PROPOSAL}
       where b.hunter_id = $1 and ${BOOKING_GUARDS.cancellable('$2')}
       returning ${BOOKING_COLUMNS}`,
      [hunterId, now()],
    );
    for (const row of rows) {
      await this.events.publish(manager, 'bookings.booking.cancelled', {
        ...bookingEventOf(row),
        cancelledBy: 'system',
        refundPence: row.refundPence,
        cause: 'hunter_suspended',
        reason: null,
      });
    }
    this.metrics.counted('cancelled', rows.length, manager);
    return rows;
  }

  /**
   * The hunter was suspended: their live holds `pending_payment` → `expired` at once (as a release), so the hold
   * sweep cancels their intents; a payment that still succeeds is refunded as a late one. Returns their ids.
   */
  async expireHoldsOfHunter(manager: EntityManager, hunterId: number): Promise<string[]> {
    const [rows] = await manager.query<[{ id: string }[], number]>(
      `update hunter_bookings set status = 'expired', expires_at = least(expires_at, now()), updated_at = now()
       where hunter_id = $1 and status = 'pending_payment'
       returning id`,
      [hunterId],
    );
    this.metrics.counted('expired', rows.length, manager);
    return rows.map(({ id }) => id);
  }

  /**
   * The hunter's paid bookings whose session falls between two London dates (inclusive) and whose money moved:
   * confirmed, completed, or cancelled after payment (with or without a refund). Oldest first.
   */
  async earningsOf(hunterId: number, from: string, to: string): Promise<BookingRowWithNames[]> {
    return this.dataSource.query<BookingRowWithNames[]>(
      `select ${COLUMNS_WITH_NAMES} ${FROM_WITH_NAMES}
       where b.hunter_id = $1 and b.price_pence > 0 and b.session_date between $2::date and $3::date
         and (b.status in ('confirmed', 'completed') or (b.status = 'cancelled' and b.paid_at is not null))
       order by b.starts_at, b.id`,
      [hunterId, from, to],
    );
  }

  /** The processor's id of the refund asked for what the booking owes, recorded once. No state change. */
  async recordRefundAsked(manager: EntityManager, bookingId: string, refundId: string): Promise<void> {
    await manager.query(
      `update hunter_bookings set refund_id = $2, updated_at = now() where id = $1 and refund_id is null`,
      [bookingId, refundId],
    );
  }

  /** `refunded_pence`: the sum of the booking's succeeded refunds (booking_refunds). No state change. */
  async recordRefundedPence(manager: EntityManager, bookingId: string): Promise<void> {
    await manager.query(
      `update hunter_bookings as b set updated_at = now(),
         refunded_pence = (select coalesce(sum(amount_pence), 0) from booking_refunds where booking_id = b.id and status = 'succeeded')
       where b.id = $1`,
      [bookingId],
    );
  }

  /**
   * `cancelled` or `expired` owing a refund: marked refunded (`refunded_at`) once its succeeded refunds cover what
   * it owes, publishing `bookings.booking.refunded` (once); the mark is taken back if a succeeded refund later
   * failed.
   */
  async settleRefund(manager: EntityManager, bookingId: string): Promise<void> {
    await manager.query(
      `update hunter_bookings set refunded_at = null, updated_at = now()
       where id = $1 and refunded_at is not null and refunded_pence < refund_pence`,
      [bookingId],
    );
    const [rows] = await manager.query<[BookingRow[], number]>(
      `update hunter_bookings as b set refunded_at = now(), updated_at = now()
       where b.id = $1 and (b.status in ('cancelled', 'expired') or b.dispute_status = 'refunded')
         and b.refund_pence > 0 and b.refunded_at is null
         and b.refunded_pence >= b.refund_pence
       returning ${BOOKING_COLUMNS}`,
      [bookingId],
    );
    const row = rows[0];
    if (!row) return;
    await this.events.publish(manager, 'bookings.booking.refunded', {
      ...bookingEventOf(row),
      refundPence: row.refundPence,
      reason: row.refundReason ?? 'cancelled',
    });
    this.metrics.counted('refunded', 1, manager);
  }

  /**
   * `confirmed` (not started) → `cancelled` by the hunter profile's member `userId`, with `reason`, the whole price
   * owed back (as any hunter cancellation); raises `sequence`, ends any open proposal and publishes
   * `bookings.booking.cancelled` (cancelledBy 'hunter', the reason) in its own transaction. Null when refused.
   */
  async cancelByHunter(bookingId: string, userId: string, reason: string): Promise<BookingRow | null> {
    if (!isBookingId(bookingId)) return null;
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[BookingRow[], number]>(
        `update hunter_bookings as b
           set status = 'cancelled', cancelled_at = now(), sequence = b.sequence + 1, refund_reason = 'cancelled',
               cancelled_by = 'hunter', refund_pence = b.price_pence, cancel_reason = $3, ${CLEAR_PROPOSAL},
               updated_at = now()
         where b.id = $1 and ${OF_HUNTER_MEMBER} and ${BOOKING_GUARDS.cancellable('$4')}
         returning ${BOOKING_COLUMNS}`,
        [bookingId, userId, reason, now()],
      );
      const row = rows[0];
      if (!row) return null;
      await this.events.publish(manager, 'bookings.booking.cancelled', {
        ...bookingEventOf(row),
        cancelledBy: 'hunter',
        refundPence: row.refundPence,
        cause: null,
        reason,
      });
      this.metrics.counted('cancelled', 1, manager);
      return row;
    });
  }

  /**
   * The hunter marks a started session (`confirmed` or `completed`, not marked yet) as held or a no-show, once;
   * publishes `bookings.booking.attendance-marked`. A confirmed booking that has ended is completed in the same
   * transaction (with its `bookings.booking.completed`), as the sweep would have. No refund. Null when refused.
   */
  async markAttendance(bookingId: string, userId: string, attendance: BookingAttendance): Promise<BookingRow | null> {
    if (!isBookingId(bookingId)) return null;
    const at = now();
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[(BookingRow & { previousStatus: string })[], number]>(
        `update hunter_bookings as b
           set attendance = $3, attendance_marked_at = $4, updated_at = now(),
               status = case when b.status = 'confirmed' and b.ends_at <= $4 then 'completed' else b.status end
         from (select id, status from hunter_bookings where id = $1 for update) previous
         where b.id = previous.id and ${OF_HUNTER_MEMBER} and ${BOOKING_GUARDS.markable('$4')}
         returning ${BOOKING_COLUMNS}, previous.status as "previousStatus"`,
        [bookingId, userId, attendance, at],
      );
      const marked = rows[0];
      if (!marked) return null;
      const { previousStatus, ...row } = marked;
      if (previousStatus === 'confirmed' && row.status === 'completed') {
        await this.events.publish(manager, 'bookings.booking.completed', bookingEventOf(row));
        this.metrics.counted('completed', 1, manager);
      }
      await this.events.publish(manager, 'bookings.booking.attendance-marked', {
        ...bookingEventOf(row),
        attendance,
        markedAt: at.toISOString(),
      });
      return row;
    });
  }

  /**
   * The hunter suggests another time for a `confirmed` booking not started and with no open proposal; publishes
   * `bookings.booking.time-proposed`. The time itself is checked by the caller (grid, notice, free); the exclusion
   * constraints decide when the client accepts. Null when refused.
   */
  async propose(
    bookingId: string,
    userId: string,
    proposal: { sessionDate: string; slot: Slot; message: string | null },
  ): Promise<BookingRow | null> {
    if (!isBookingId(bookingId)) return null;
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[BookingRow[], number]>(
        `update hunter_bookings as b
           set proposed_session_date = $3, proposed_session_time = $4, proposed_starts_at = $5, proposed_ends_at = $6,
               proposal_message = $7, proposed_at = now(), updated_at = now()
         where b.id = $1 and ${OF_HUNTER_MEMBER} and ${BOOKING_GUARDS.proposable('$8')}
         returning ${BOOKING_COLUMNS}`,
        [
          bookingId,
          userId,
          proposal.sessionDate,
          proposal.slot.time,
          proposal.slot.startsAt,
          proposal.slot.endsAt,
          proposal.message,
          now(),
        ],
      );
      const row = rows[0];
      if (!row) return null;
      await this.events.publish(manager, 'bookings.booking.time-proposed', {
        ...bookingEventOf(row),
        proposedStartsAt: new Date(row.proposedStartsAt!).toISOString(),
        proposedEndsAt: new Date(row.proposedEndsAt!).toISOString(),
        message: row.proposalMessage,
      });
      return row;
    });
  }

  /** The client declines the open proposal: it is cleared, `bookings.booking.proposal-declined`. Null when none. */
  async declineProposal(bookingId: string, clientUserId: string): Promise<BookingRow | null> {
    if (!isBookingId(bookingId)) return null;
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[(BookingRow & { wasStartsAt: Date; wasEndsAt: Date })[], number]>(
        `update hunter_bookings as b set ${CLEAR_PROPOSAL}, updated_at = now()
         from (select id, proposed_starts_at, proposed_ends_at from hunter_bookings where id = $1 for update) previous
         where b.id = previous.id and b.client_user_id = $2 and b.proposed_at is not null
         returning ${BOOKING_COLUMNS}, previous.proposed_starts_at as "wasStartsAt",
                   previous.proposed_ends_at as "wasEndsAt"`,
        [bookingId, clientUserId],
      );
      const declined = rows[0];
      if (!declined) return null;
      const { wasStartsAt, wasEndsAt, ...row } = declined;
      await this.events.publish(manager, 'bookings.booking.proposal-declined', {
        ...bookingEventOf(row),
        proposedStartsAt: new Date(wasStartsAt).toISOString(),
        proposedEndsAt: new Date(wasEndsAt).toISOString(),
      });
      return row;
    });
  }

  /**
   * The client disputes a no-show mark within `windowHours` of it, once: the dispute opens
   * (`bookings.booking.disputed`) and reaches the admin. Null when refused.
   */
  async dispute(bookingId: string, clientUserId: string, reason: string, windowHours: number): Promise<BookingRow | null> {
    if (!isBookingId(bookingId)) return null;
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[BookingRow[], number]>(
        `update hunter_bookings as b
           set dispute_status = 'open', dispute_reason = $3, disputed_at = $4, updated_at = now()
         where b.id = $1 and b.client_user_id = $2 and ${BOOKING_GUARDS.disputable('$4', '$5')}
         returning ${BOOKING_COLUMNS}`,
        [bookingId, clientUserId, reason, now(), windowHours],
      );
      const row = rows[0];
      if (!row) return null;
      await this.events.publish(manager, 'bookings.booking.disputed', { ...bookingEventOf(row), reason });
      return row;
    });
  }

  /**
   * An admin resolves an open dispute: `refund` owes the client what is left of the price (asked of the processor
   * after the commit; `bookings.booking.refunded` follows when it settles), `dismiss` changes nothing else. Publishes
   * `bookings.booking.dispute-resolved`. Null when the dispute is not open.
   */
  async resolveDispute(
    bookingId: string,
    resolution: 'refund' | 'dismiss',
    note: string,
  ): Promise<BookingRow | null> {
    if (!isBookingId(bookingId)) return null;
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[BookingRow[], number]>(
        `update hunter_bookings as b
           set dispute_status = case when $2 = 'refund' then 'refunded' else 'dismissed' end,
               dispute_resolution_note = $3, dispute_resolved_at = now(), updated_at = now(),
               refund_pence = case when $2 = 'refund' then b.price_pence else b.refund_pence end,
               refund_reason = case when $2 = 'refund' then 'cancelled' else b.refund_reason end
         where b.id = $1 and b.dispute_status = 'open'
         returning ${BOOKING_COLUMNS}`,
        [bookingId, resolution, note],
      );
      const row = rows[0];
      if (!row) return null;
      await this.events.publish(manager, 'bookings.booking.dispute-resolved', {
        ...bookingEventOf(row),
        resolution,
        note,
        refundPence: resolution === 'refund' ? Math.max(0, row.pricePence - row.refundedPence) : 0,
      });
      return row;
    });
  }

  /**
   * `confirmed` and ended → `completed`, at most `batch` rows (skipping rows another run holds), each with its
   * `bookings.booking.completed` in the same transaction; returns how many.
   */
  async completeEnded(batch: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[BookingRow[], number]>(
        `update hunter_bookings as b set status = 'completed', updated_at = now()
         where b.status = 'confirmed'
           and b.id in (select id from hunter_bookings where status = 'confirmed' and ends_at <= $2
                        order by ends_at limit $1 for update skip locked)
         returning ${BOOKING_COLUMNS}`,
        // The session rules' clock (a test may move it), not the database's.
        [batch, now()],
      );
      for (const row of rows) await this.events.publish(manager, 'bookings.booking.completed', bookingEventOf(row));
      this.metrics.counted('completed', rows.length, manager);
      return rows.length;
    });
  }
}
