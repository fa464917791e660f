import { Injectable } from '@nestjs/common';
import {
  BOOKING_ACTION_RULES,
  DEFAULT_PASSPORT_SHARES,
  PASSPORT_LIMITS,
  type BookingAttendance,
  type BookingEventV1,
  type BookingStatus,
  type PassportShares,
} from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

/**
 * A service's copy of bookings' bookings (table `booking_copies`, decision 0085): what each booking event says, and
 * the session's outcome as bookings computed it. The consuming services read the outcome here and never work it
 * out themselves. Each creates the table in its own schema with a migration running CREATE_BOOKING_COPIES_TABLE.
 */

/**
 * The copy's table, as the migrations of the services that keep one create it (reviews, hunters, brands). Migrations
 * are immutable: never edit this text; change the table with a new migration in each service. Columns a service's
 * earlier copy did not keep (hunters' had no start, brands' no hunter nor session type) are null on rows moved over
 * from it, until the booking's next event.
 */
export const CREATE_BOOKING_COPIES_TABLE = `
      create table booking_copies (
        booking_id text primary key,
        hunter_id integer,
        hunter_user_id text,
        client_user_id text not null,
        session_type text,
        starts_at timestamptz,
        ends_at timestamptz not null,
        sequence integer not null,
        passport jsonb,
        first_heard_at timestamptz not null,
        status text not null,
        attendance text,
        attendance_marked_at timestamptz,
        dispute_resolution text,
        outcome_revision integer,
        held_from timestamptz,
        no_show boolean not null default false,
        reviewable_until timestamptz,
        editable_from timestamptz,
        passport_until timestamptz,
        updated_at timestamptz not null default now()
      )`;

/**
 * Decision 0090: the column BookingCopies keeps bookings' `reviewQualifies` in, added by a migration in each service
 * keeping a copy, after CREATE_BOOKING_COPIES_TABLE (never edit this text either).
 */
export const ADD_BOOKING_COPIES_REVIEW_QUALIFIES = `alter table booking_copies add column review_qualifies boolean`;

export const CREATE_BOOKING_COPIES_INDEXES = [
  `create index booking_copies_hunter_idx on booking_copies (hunter_id)`,
  `create index booking_copies_hunter_user_idx on booking_copies (hunter_user_id)`,
] as const;

/**
 * The outcome of a copy whose events came before bookings published one (decision 0085), from the facts those events
 * said, as the services judged them then: held from the end unless cancelled or a standing no-show (reviews); an edit
 * from the 'held' mark or an overturned no-show, else from the completion (hunters); the passport until its window's
 * end (brands). Run by the copy for such an event and, once, by each service's migration for the rows it moves over.
 * Never edit this text (migrations ran it); it goes once no such event can be left (EVENT_RETENTION_DAYS).
 */
export const BOOKING_COPY_OUTCOME_FROM_FACTS = `
        no_show = (status in ('confirmed', 'completed') and attendance is not distinct from 'no_show'
                   and dispute_resolution is distinct from 'refund'),
        held_from = case when status in ('confirmed', 'completed')
                          and (attendance is distinct from 'no_show' or dispute_resolution = 'refund') then ends_at end,
        reviewable_until = case when status in ('confirmed', 'completed')
                                 and (attendance is distinct from 'no_show' or dispute_resolution = 'refund')
                                then ends_at + interval '${BOOKING_ACTION_RULES.reviewWindowDays} days' end,
        editable_from = case
          when status not in ('confirmed', 'completed') then null
          when attendance = 'no_show' and dispute_resolution is distinct from 'refund' then null
          when attendance = 'held' or dispute_resolution = 'refund' then coalesce(attendance_marked_at, starts_at, ends_at)
          when status = 'completed' then ends_at
        end,
        passport_until = case when status in ('confirmed', 'completed', 'cancelled')
                              then ends_at + interval '${PASSPORT_LIMITS.daysAfterSession} days' end`;

/**
 * Whether a review counts (decision 0090), for a copy whose events came before bookings published outcomes: from the
 * facts as above and the price the event carries ($2, pence; the copy keeps none), by bookings' rule: held and paid,
 * or held and marked held. Like the text above it goes once no such event can be left.
 */
export const BOOKING_COPY_REVIEW_QUALIFIES_FROM_FACTS = `
        review_qualifies = (held_from is not null and ($2::integer > 0 or attendance is not distinct from 'held'))`;

/** A session's outcome as the copy holds it: instants set by bookings, compared with `now` by the readers. */
export interface BookingOutcome {
  status: BookingStatus;
  /** Held from this instant on; null: not held (cancelled, or a no-show that stands). */
  heldFrom: Date | null;
  noShow: boolean;
  reviewableUntil: Date | null;
  /** A Hunter Edit may be sent from this instant on (no end); null: not (yet). */
  editableFrom: Date | null;
  /** The end of the hunter's window on the client's style passport (a cancelled booking's hunter reads nothing). */
  passportUntil: Date | null;
  /**
   * A review of it counts (decision 0090: paid and held, or free and marked held); null: bookings has not said yet
   * (a copy fed only by events from before it), which counts as no.
   */
  reviewQualifies: boolean | null;
}

/** One booking as the copy holds it. */
export interface BookingCopy {
  bookingId: string;
  hunterId: number | null;
  hunterUserId: string | null;
  clientUserId: string;
  sessionType: string | null;
  startsAt: Date | null;
  endsAt: Date;
  passport: PassportShares;
  /** The first any event of the booking was heard of (its confirmation, unless events came out of order). */
  firstHeardAt: Date;
  outcome: BookingOutcome;
}

/** What one booking event tells the copy beyond what every booking event carries. */
export interface BookingNews {
  booking: BookingEventV1;
  occurredAt: string;
  /** The state the event's type means, for an event without an outcome (confirmed, cancelled, completed). */
  state?: 'confirmed' | 'cancelled' | 'completed';
  attendance?: { attendance: BookingAttendance; markedAt: string };
  disputeResolution?: 'refund' | 'dismiss';
}

/** A demo session, held and over (a demo seeder's). */
export interface DemoBookingCopy {
  bookingId: string;
  hunterId: number;
  clientUserId: string;
  sessionType: string;
  startsAt: Date;
  endsAt: Date;
}

/** Held by `now`: bookings said from when, and that instant has come. */
export function wasHeld(outcome: BookingOutcome, now: Date): boolean {
  return outcome.heldFrom !== null && outcome.heldFrom.getTime() <= now.getTime();
}

/** Bookings said a review of it counts (decision 0090); a copy not told yet does not. */
export function reviewQualifies(outcome: BookingOutcome): boolean {
  return outcome.reviewQualifies === true;
}

/** Still within the review window bookings set (its last instant included). */
export function isReviewable(outcome: BookingOutcome, now: Date): boolean {
  return wasHeld(outcome, now) && outcome.reviewableUntil !== null && now.getTime() <= outcome.reviewableUntil.getTime();
}

/** Its hunter may send a Hunter Edit for it by `now`. */
export function isEditable(outcome: BookingOutcome, now: Date): boolean {
  return outcome.editableFrom !== null && outcome.editableFrom.getTime() <= now.getTime();
}

/** Its hunter may read the client's shared style passport at `now` (a cancellation closes it for good). */
export function isPassportOpen(outcome: BookingOutcome, now: Date): boolean {
  return outcome.status !== 'cancelled' && outcome.passportUntil !== null && now.getTime() <= outcome.passportUntil.getTime();
}

const SELECT_COPY = `
  select booking_id as "bookingId", hunter_id as "hunterId", hunter_user_id as "hunterUserId",
         client_user_id as "clientUserId", session_type as "sessionType", starts_at as "startsAt", ends_at as "endsAt",
         passport, first_heard_at as "firstHeardAt", status, held_from as "heldFrom", no_show as "noShow",
         reviewable_until as "reviewableUntil", editable_from as "editableFrom", passport_until as "passportUntil",
         review_qualifies as "reviewQualifies"
    from booking_copies`;

type CopyRow = Omit<BookingCopy, 'outcome' | 'passport'> & BookingOutcome & { passport: PassportShares | null };

function copyOf(row: CopyRow): BookingCopy {
  const { status, heldFrom, noShow, reviewableUntil, editableFrom, passportUntil, reviewQualifies, passport, ...facts } = row;
  return {
    ...facts,
    passport: { ...DEFAULT_PASSPORT_SHARES, ...passport },
    outcome: { status, heldFrom, noShow, reviewableUntil, editableFrom, passportUntil, reviewQualifies },
  };
}

/**
 * The one writer of a service's `booking_copies`, fed by BOOKING_COPY_HANDLERS in the inbox transaction. Events may
 * arrive out of order (two relaying replicas, retries): an event with an outcome replaces the booking's facts and
 * outcome unless the copy holds a higher revision; an older event without one (decision 0085) changes the facts by
 * `sequence`, as the copies before it did, and its outcome is derived from them (BOOKING_COPY_OUTCOME_FROM_FACTS).
 * The attendance mark and a dispute's resolution are set by their own events whenever they come, the first mark
 * standing (bookings takes one).
 */
@Injectable()
export class BookingCopies {
  async apply(manager: EntityManager, news: BookingNews): Promise<void> {
    const { booking, occurredAt } = news;
    const outcome = booking.outcome ?? null;
    await manager.query(
      `insert into booking_copies (booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at,
                                   ends_at, sequence, passport, first_heard_at, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)
       on conflict (booking_id) do update set
         hunter_user_id = coalesce(excluded.hunter_user_id, booking_copies.hunter_user_id),
         first_heard_at = least(booking_copies.first_heard_at, excluded.first_heard_at)`,
      [...this.facts(booking), occurredAt, outcome?.status ?? news.state ?? 'confirmed'],
    );
    if (news.attendance) {
      await manager.query(
        `update booking_copies set attendance = $2, attendance_marked_at = $3, updated_at = now()
          where booking_id = $1 and attendance is null`,
        [booking.bookingId, news.attendance.attendance, news.attendance.markedAt],
      );
    }
    if (news.disputeResolution) {
      await manager.query(`update booking_copies set dispute_resolution = $2, updated_at = now() where booking_id = $1`, [
        booking.bookingId,
        news.disputeResolution,
      ]);
    }
    if (outcome) {
      await manager.query(
        `update booking_copies set
           hunter_id = $2, hunter_user_id = coalesce($3, hunter_user_id), client_user_id = $4, session_type = $5,
           starts_at = $6, ends_at = $7, sequence = $8, passport = $9::jsonb, status = $10, outcome_revision = $11, held_from = $12, no_show = $13,
           reviewable_until = $14, editable_from = $15, passport_until = $16,
           review_qualifies = coalesce($17, review_qualifies), updated_at = now()
         where booking_id = $1 and (outcome_revision is null or outcome_revision <= $11)`,
        [
          ...this.facts(booking),
          outcome.status,
          outcome.revision,
          outcome.heldFrom,
          outcome.noShow,
          outcome.reviewableUntil,
          outcome.editableFrom,
          outcome.passportUntil,
          // An outcome from before decision 0090 does not say it: a null never erases what a restatement told.
          outcome.reviewQualifies ?? null,
        ],
      );
      return;
    }
    if (news.state) {
      // Newer news: a higher sequence, or at the same sequence a confirmed booking ending (completion keeps it).
      await manager.query(
        `update booking_copies set
           hunter_id = $2, hunter_user_id = coalesce($3, hunter_user_id), client_user_id = $4, session_type = $5,
           starts_at = $6, ends_at = $7, sequence = $8, passport = $9::jsonb, status = $10, updated_at = now()
         where booking_id = $1 and outcome_revision is null
           and (sequence < $8 or (sequence = $8 and status = 'confirmed' and $10 <> 'confirmed'))`,
        [...this.facts(booking), news.state],
      );
    }
    await manager.query(
      `update booking_copies set ${BOOKING_COPY_OUTCOME_FROM_FACTS} where booking_id = $1 and outcome_revision is null`,
      [booking.bookingId],
    );
    await manager.query(
      `update booking_copies set ${BOOKING_COPY_REVIEW_QUALIFIES_FROM_FACTS} where booking_id = $1 and outcome_revision is null`,
      [booking.bookingId, booking.pricePence],
    );
  }

  /** A hunter's profile now belongs to a member (a demo hunter claimed): their bookings' hunter member id follows. */
  async setHunterMember(manager: EntityManager, hunterId: number, userId: string): Promise<void> {
    await manager.query(
      `update booking_copies set hunter_user_id = $2, updated_at = now()
        where hunter_id = $1 and hunter_user_id is distinct from $2`,
      [hunterId, userId],
    );
  }

  /**
   * A deleted member's bookings leave the copy (their `identity.user.deleted`, in the inbox transaction): those they
   * were the client of, those they were the hunter of (by member id, and by `hunterIds`, the profiles of theirs the
   * service knows, for rows copied before the member id was). Bookings keeps its own records; a copy only answers
   * what the member may still do, and they can do nothing any more. A service
   * whose rows point at the copy (hunters' edits) deletes those first.
   */
  async forgetMember(manager: EntityManager, userId: string, hunterIds: readonly number[] = []): Promise<void> {
    await manager.query(
      `delete from booking_copies where client_user_id = $1 or hunter_user_id = $1 or hunter_id = any($2::int[])`,
      [userId, hunterIds],
    );
  }

  /**
   * Whether the hunter has a confirmed session that has not ended (hunters refuses a currency change then, decision
   * 0105). A hold not yet paid never reaches the copy: bookings keeps the currency it was made in.
   */
  async hasSessionAhead(manager: EntityManager, hunterId: number): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `select 1 from booking_copies where hunter_id = $1 and status = 'confirmed' and ends_at > now() limit 1`,
      [hunterId],
    );
    return rows.length > 0;
  }

  async find(manager: EntityManager, bookingId: string): Promise<BookingCopy | null> {
    const rows: CopyRow[] = await manager.query(`${SELECT_COPY} where booking_id = $1`, [bookingId]);
    return rows[0] ? copyOf(rows[0]) : null;
  }

  /** The booking's outcome as bookings said it, or null for a booking not heard of. */
  async outcomeOf(manager: EntityManager, bookingId: string): Promise<BookingOutcome | null> {
    return (await this.find(manager, bookingId))?.outcome ?? null;
  }

  /**
   * Demo sessions, held and over, with the outcome bookings would have published (marked held by the hunter, so a
   * review of one counts, decision 0090); a repeat changes nothing.
   */
  async insertDemo(manager: EntityManager, sessions: readonly DemoBookingCopy[]): Promise<void> {
    for (const session of sessions) {
      await manager.query(
        `insert into booking_copies (booking_id, hunter_id, client_user_id, session_type, starts_at, ends_at, sequence,
                                     first_heard_at, status, attendance, review_qualifies)
         values ($1, $2, $3, $4, $5, $6, 0, $5, 'completed', 'held', true)
         on conflict (booking_id) do nothing`,
        [session.bookingId, session.hunterId, session.clientUserId, session.sessionType, session.startsAt, session.endsAt],
      );
      await manager.query(
        `update booking_copies set ${BOOKING_COPY_OUTCOME_FROM_FACTS} where booking_id = $1 and outcome_revision is null`,
        [session.bookingId],
      );
    }
  }

  /** Whether any booking is copied (a demo seeder's "has data"). */
  async any(manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`select 1 from booking_copies limit 1`);
    return rows.length > 0;
  }

  /** $1…$9 of the statements: what every booking event carries (a null hunter member never erases a known one). */
  private facts(booking: BookingEventV1): unknown[] {
    return [
      booking.bookingId,
      booking.hunterId,
      booking.hunterUserId,
      booking.clientUserId,
      booking.sessionType,
      booking.startsAt,
      booking.endsAt,
      booking.sequence,
      JSON.stringify({ ...DEFAULT_PASSPORT_SHARES, ...booking.passport }),
    ];
  }
}
