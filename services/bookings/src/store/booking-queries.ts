import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BOOKING_RULES } from '@hunted/contracts';
import { preparedQuery } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { BOOKING_COLUMNS, type BookingRow } from './booking-rows.js';

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

/**
 * The reads of hunter_bookings the transitions' callers make around a write, never a page's: the busy times of the
 * slots, a member's live holds and the counts behind the abuse limits (inside the caller's transaction, after
 * `BookingRepository.lockClient`), the sweeps' due rows, and what the simulated processor knows of an intent. The
 * writes are BookingRepository's alone.
 */
@Injectable()
export class BookingQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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

  /**
   * The refund sweep's due rows: a refund recorded but not yet asked of the processor (its request failed, or was
   * never made), whose next try has come (`at`: the services' clock), at most `limit`.
   */
  async refundsDue(limit: number, at: Date): Promise<string[]> {
    // Never asked yet (30 s after the change that owes it, which asks itself first) before those that failed, then
    // by next try: a refund that keeps failing waits its backoff behind the others and never fills the batch.
    const rows = await this.dataSource.query<{ id: string }[]>(
      `select id from hunter_bookings
       where refund_pence > 0 and refund_id is null and refunded_at is null and payment_intent_id is not null
         and (refund_next_try_at <= $2
              or (refund_next_try_at is null and updated_at < $2::timestamptz - interval '30 seconds'))
       order by refund_next_try_at nulls first, updated_at limit $1`,
      [limit, at],
    );
    return rows.map(({ id }) => id);
  }

  /** Refunds still not asked for after their alert was raised (`bookings_refunds_stuck`). */
  async stuckRefunds(): Promise<number> {
    const rows = await this.dataSource.query<{ count: number }[]>(
      `select count(*)::int as count from hunter_bookings
       where refund_alerted_at is not null and refund_pence > 0 and refund_id is null and refunded_at is null
         and payment_intent_id is not null`,
    );
    return rows[0]?.count ?? 0;
  }

  /** What the simulated processor knows of an intent: the booking row that holds it. */
  async simulatedIntent(paymentIntentId: string): Promise<{
    bookingId: string;
    pricePence: number;
    currency: string;
    clientSecret: string | null;
    paymentStatus: string | null;
  } | null> {
    const rows = await this.dataSource.query<
      { bookingId: string; pricePence: number; currency: string; clientSecret: string | null; paymentStatus: string | null }[]
    >(
      `select id as "bookingId", price_pence as "pricePence", currency, client_secret as "clientSecret", payment_status as "paymentStatus"
       from hunter_bookings where payment_intent_id = $1`,
      [paymentIntentId],
    );
    return rows[0] ?? null;
  }

  // ---- A member's rights (issue 36; services/bookings/README.md, "## Your data") ----------------------------------

  /**
   * What of the member's bookings stands in the way of deleting their account, `at` the session clock's now (`$1` the
   * member, `$2` their hunter profiles): upcoming or running sessions as client (a live hold or a confirmed booking
   * that has not ended) and as hunter; open disputes on either side; and money not settled: a refund owed on a booking
   * of theirs and not yet made (retries included), and the earnings of a paid session of theirs as hunter that ended
   * less than `payoutDelayDays` ago (their payout has not arrived yet).
   */
  async deletionBlockers(
    manager: EntityManager,
    userId: string,
    hunterIds: readonly number[],
    at: Date,
    payoutDelayDays: number,
  ): Promise<{ upcomingAsClient: number; upcomingAsHunter: number; openDisputes: number; refundsOwed: number; earningsUnpaid: number }> {
    const live = `b.ends_at > $3 and (b.status = 'confirmed' or (b.status = 'pending_payment' and b.expires_at > now()))`;
    const asHunter = `(b.hunter_user_id = $1 or b.hunter_id = any($2::int[]))`;
    const [row] = await manager.query<
      { upcomingAsClient: number; upcomingAsHunter: number; openDisputes: number; refundsOwed: number; earningsUnpaid: number }[]
    >(
      `select count(*) filter (where b.client_user_id = $1 and ${live})::int as "upcomingAsClient",
              count(*) filter (where ${asHunter} and ${live})::int as "upcomingAsHunter",
              count(*) filter (where b.dispute_status = 'open')::int as "openDisputes",
              count(*) filter (where b.refund_pence > 0 and b.refunded_at is null
                                 and (b.status in ('cancelled', 'expired') or b.dispute_status = 'refunded'))::int as "refundsOwed",
              count(*) filter (where ${asHunter} and b.status in ('confirmed', 'completed') and b.paid_at is not null
                                 and b.price_pence > b.refunded_pence and b.ends_at <= $3
                                 and b.ends_at > $3::timestamptz - make_interval(days => $4::int))::int as "earningsUnpaid"
         from hunter_bookings b
        where b.client_user_id = $1 or ${asHunter}`,
      [userId, hunterIds, at, payoutDelayDays],
    );
    return row!;
  }

  /** Every booking the member takes part in (their holds too), with the names the pages show, oldest first. */
  async ofMemberForExport(
    manager: EntityManager,
    userId: string,
    hunterIds: readonly number[],
  ): Promise<(BookingRow & { hunterName: string | null; clientName: string | null; role: 'client' | 'hunter' })[]> {
    return manager.query(
      `select ${BOOKING_COLUMNS}, h.name as "hunterName",
              nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as "clientName",
              case when b.client_user_id = $1 then 'client' else 'hunter' end as role
         from hunter_bookings b left join hunters h on h.id = b.hunter_id left join users u on u.user_id = b.client_user_id
        where b.client_user_id = $1 or b.hunter_user_id = $1 or b.hunter_id = any($2::int[])
        order by b.starts_at, b.id`,
      [userId, hunterIds],
    );
  }
}
