import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_PASSPORT_SHARES,
  BOOKING_ERRORS,
  VETTING_MESSAGES,
  type BookingAttendance,
  type Slot,
} from '@hunted/contracts';
import { EventPublisher, now, retriedTransaction, SQL_STATE, sqlStateOf } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { BOOKING_GUARDS } from './booking-guards.js';
import { BookingMetrics } from './booking-metrics.js';
import { ACCOUNT_CLOSING, ClosingMembersRepository } from './closing-members.repository.js';
import {
  BOOKING_COLUMNS,
  BOOKING_NOT_FOUND,
  bookingEventOf,
  CLEAR_PROPOSAL,
  FORMER_MEMBER_CLIENT_PREFIX,
  isBookingId,
  OF_HUNTER_MEMBER,
  PARTICIPANT,
  type BookingRow,
  type NewBooking,
} from './booking-rows.js';

/** `b` (with `$1` the member, `$2` their hunter profiles' ids) is a booking the member takes part in. */
const OF_MEMBER = `(b.client_user_id = $1 or b.hunter_user_id = $1 or b.hunter_id = any($2::int[]))`;

/** `b` moved money: paid (a late payment too), or refunded in part or whole: a financial record. */
const HAS_PAYMENT = `(b.paid_at is not null or exists (select 1 from booking_refunds r where r.booking_id = b.id))`;

/**
 * Six years after the end of the UK tax year (6 April to 5 April) of the session's date: how long HMRC requires
 * business records kept (the platform's own, and the hunter's self-assessment evidence).
 */
const KEEP_UNTIL = `(make_date(extract(year from b.session_date)::int
    + case when b.session_date > make_date(extract(year from b.session_date)::int, 4, 5) then 1 else 0 end, 4, 5)
    + interval '6 years')::date`;

/** 23P01 from either exclusion constraint: another active row holds part of that time. */
async function refusingOverlaps<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (sqlStateOf(error) === SQL_STATE.exclusionViolation) throw new ConflictException(BOOKING_ERRORS.slotTaken);
    throw error;
  }
}

/** How a failing refund request is asked again (`REFUND_RETRY_*`, `REFUND_ALERT_AFTER_ATTEMPTS`; decision 0094). */
export interface RefundRetryPolicy {
  baseSeconds: number;
  maxSeconds: number;
  alertAfter: number;
}

/** The limits a move must meet, read in the UPDATE itself (BookingLimits' configuration). */
export interface RescheduleLimits {
  maxMoves: number;
  cooldownMinutes: number;
}

/** A time still free for a late payment to confirm, or the reason it is refunded instead. */
export type PaidHoldOutcome = 'confirmed' | 'refunded';

/**
 * The one writer of hunter_bookings, and its state machine: its locks, the rows its transitions act on, and the
 * transitions; the other reads are BookingQueries' (beside it) and the pages' BookingViews (views/). Each transition
 * (docs/architecture.md, "Bookings: the state machine") names the states it leaves in its WHERE (the guards of
 * booking-guards.ts, the SQL twins of booking-rules.ts), writes the row
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
    private readonly closing: ClosingMembersRepository,
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

  // ---- The rows the transitions act on ---------------------------------------------------------------------

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
    await this.refuseClosingMembers(manager, booking);
    await this.refuseTimeTaken(manager, booking);
    await this.lockHunterTimes(manager, booking.hunterId);
    await this.refuseHunterNotApproved(manager, booking.hunterId);
    await this.expireStaleOverlapping(manager, booking);
    const rows = await refusingOverlaps(
      manager.query<BookingRow[]>(
        `insert into hunter_bookings as b (id, status, expires_at, hunter_id, hunter_user_id, client_user_id, session_type,
           session_date, session_time, duration, starts_at, ends_at, price_pence, platform_fee_pence,
           destination_account_id, notes, passport, express_request_at, currency)
         values ($1, $2, case when $3::int is null then null else now() + make_interval(mins => $3::int) end,
                 $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18, $19)
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
          booking.expressRequestAt ?? null,
          booking.currency,
        ],
      ),
    );
    return rows[0]!;
  }

  /**
   * Refuses (409) a hunter whose copy is not approved, in the transaction of the insert: the copy's row is read
   * `for share`, so a suspension (or any vetting change) arriving meanwhile either committed first, and is seen
   * here, or waits for this booking to commit and then finds it among the bookings it cancels. The use case's
   * earlier read of the copy only says so sooner; this read is the one that holds (as a paid hold's confirmation
   * checks the copy in its UPDATE).
   */
  private async refuseHunterNotApproved(manager: EntityManager, hunterId: number): Promise<void> {
    const rows = await manager.query<{ status: string }[]>(
      `select status from hunters where id = $1 for share`,
      [hunterId],
    );
    if (rows[0]?.status !== 'approved') throw new ConflictException(VETTING_MESSAGES.notApproved);
  }

  /**
   * Refuses (409) a new hold or free booking by a member whose account is being deleted, or of the hunter profile
   * of one (closing_members; the member's advisory lock makes the deletion check and this read take turns: see
   * ClosingMembersRepository). The hunter's member is read from the copy as well as taken from the offer.
   */
  private async refuseClosingMembers(
    manager: EntityManager,
    booking: { hunterId: number; hunterUserId: string | null; clientUserId: string },
  ): Promise<void> {
    const [copy] = await manager.query<{ userId: string | null }[]>(
      `select user_id as "userId" from hunters where id = $1`,
      [booking.hunterId],
    );
    const members = [booking.clientUserId, booking.hunterUserId, copy?.userId ?? null];
    if (await this.closing.lockOpenAndIsClosing(manager, members)) throw new ConflictException(ACCOUNT_CLOSING);
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
    // A member cleared for deletion since the hold was made takes no booking: the money goes back.
    const [copy] = await manager.query<{ userId: string | null }[]>(
      `select user_id as "userId" from hunters where id = $1`,
      [hold.hunterId],
    );
    if (await this.closing.lockOpenAndIsClosing(manager, [hold.clientUserId, hold.hunterUserId, copy?.userId ?? null])) {
      return this.recordLatePayment(manager, hold.id);
    }
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

  /** The processor's id of the refund asked for what the booking owes, recorded once. No state change. */
  async recordRefundAsked(manager: EntityManager, bookingId: string, refundId: string): Promise<void> {
    await manager.query(
      `update hunter_bookings set refund_id = $2, updated_at = now() where id = $1 and refund_id is null`,
      [bookingId, refundId],
    );
  }

  /**
   * A request for the booking's refund failed (decision 0094): one attempt more, the error kept, and the next try
   * after the backoff, `base × 2^(attempts before this one)` seconds, at most `max`, from `at` (the services'
   * clock). `alertNow` is true once, on the attempt that reaches `alertAfter` (and `refund_alerted_at` is set then).
   * Not a change of the booking (`updated_at` stays). Null when the refund was asked or settled meanwhile.
   */
  async recordRefundAttemptFailed(
    bookingId: string,
    error: string,
    at: Date,
    policy: RefundRetryPolicy,
  ): Promise<{ attempts: number; nextTryAt: Date; alertNow: boolean } | null> {
    const [rows] = await this.dataSource.query<[{ attempts: number; nextTryAt: Date; alertNow: boolean }[], number]>(
      `update hunter_bookings set refund_attempts = refund_attempts + 1,
         refund_next_try_at = $2::timestamptz
           + make_interval(secs => least($4::float8, $3::float8 * power(2, least(refund_attempts, 30)))),
         refund_last_error = left($5, 500),
         refund_alerted_at = case when refund_alerted_at is null and refund_attempts + 1 >= $6 then $2::timestamptz
                                  else refund_alerted_at end
       where id = $1 and refund_id is null and refunded_at is null and refund_pence > 0
       returning refund_attempts as attempts, refund_next_try_at as "nextTryAt", refund_attempts = $6 as "alertNow"`,
      [bookingId, at, policy.baseSeconds, policy.maxSeconds, error, policy.alertAfter],
    );
    return rows[0] ?? null;
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

  // ---- A member's erasure (issue 36; services/bookings/README.md, "## Your data") ---------------------------------

  /**
   * The bookings member `userId` takes part in (as client, or as hunter: by the row, or a profile of `hunterIds`),
   * and whether each is kept (it had a payment) or goes. Read before `eraseMember`, which deletes the others: their
   * photos are deleted first, while the rows still name them.
   */
  async bookingsOfMember(
    manager: EntityManager,
    userId: string,
    hunterIds: readonly number[],
  ): Promise<{ id: string; kept: boolean }[]> {
    return manager.query<{ id: string; kept: boolean }[]>(
      `select b.id, ${HAS_PAYMENT} as kept from hunter_bookings b where ${OF_MEMBER} order by b.id`,
      [userId, hunterIds],
    );
  }

  /**
   * Erases member `userId` from hunter_bookings, in the caller's (inbox) transaction. A booking without a payment
   * is deleted. A booking with one (paid, or refunded) is a record of money the UK requires kept (HMRC: six years
   * after the end of the tax year it falls in), so it stays until `keep_until` with nothing personal left: as its
   * client, the member's id becomes a pseudonym of the booking (`former-member:<booking id>`: the hunter's list
   * shows 'Former member'); as its hunter, `hunter_user_id` is null (the hunters copy names the profile 'Former
   * member'). Either way the free texts written about the session (the question, the dispute, the cancellation's
   * reason, a proposal's message, the admin's note) and the intent's client secret go. No event: the other
   * services erase their own copies on `identity.user.deleted`. A second run finds nothing of the member left.
   */
  async eraseMember(
    manager: EntityManager,
    userId: string,
    hunterIds: readonly number[],
    at: Date,
  ): Promise<{ deleted: number; keptAsClient: number; keptAsHunter: number }> {
    const [, deleted] = await manager.query<[unknown[], number]>(
      `delete from hunter_bookings b where ${OF_MEMBER} and not ${HAS_PAYMENT}`,
      [userId, hunterIds],
    );
    const erased = `notes = case when $3::boolean then null else notes end,
      dispute_reason = case when $3::boolean then null else dispute_reason end,
      cancel_reason = null, dispute_resolution_note = null, client_secret = null, ${CLEAR_PROPOSAL},
      erased_at = coalesce(erased_at, $2::timestamptz), keep_until = coalesce(keep_until, ${KEEP_UNTIL}),
      updated_at = now()`;
    const [, keptAsClient] = await manager.query<[unknown[], number]>(
      `update hunter_bookings as b set client_user_id = '${FORMER_MEMBER_CLIENT_PREFIX}' || b.id::text, ${erased}
       where b.client_user_id = $1`,
      [userId, at, true],
    );
    const [, keptAsHunter] = await manager.query<[unknown[], number]>(
      `update hunter_bookings as b set hunter_user_id = null, ${erased}
       where b.hunter_user_id = $1 or b.hunter_id = any($4::int[])`,
      [userId, at, false, hunterIds],
    );
    return { deleted, keptAsClient, keptAsHunter };
  }

  /**
   * The kept records of erased members whose time is over (`keep_until` before `today`, a London date), at most
   * `batch`: deleted with their refunds' rows (BookingRefundsRepository deletes those first). Returns their ids.
   */
  async keptRecordsDue(manager: EntityManager, today: string, batch: number): Promise<string[]> {
    const rows = await manager.query<{ id: string }[]>(
      `select id from hunter_bookings where keep_until < $1::date order by keep_until, id limit $2 for update skip locked`,
      [today, batch],
    );
    return rows.map(({ id }) => id);
  }

  async deleteKeptRecords(manager: EntityManager, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [, count] = await manager.query<[unknown[], number]>(
      `delete from hunter_bookings where id = any($1::uuid[]) and keep_until is not null`,
      [ids],
    );
    return count;
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
