import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BOOKING_ERRORS, type BookingEventV1, type BookingStatus, type SessionTypeKey } from '@hunted/contracts';
import { SQL_STATE, sqlStateOf } from '@hunted/platform';
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
}

export const BOOKING_COLUMNS = `b.id, b.status, b.hunter_id as "hunterId", b.hunter_user_id as "hunterUserId",
  b.client_user_id as "clientUserId", b.session_type as "sessionType", to_char(b.session_date, 'YYYY-MM-DD') as "sessionDate",
  b.session_time as "sessionTime", b.duration, b.starts_at as "startsAt", b.ends_at as "endsAt", b.price_pence as "pricePence",
  b.notes, b.expires_at as "expiresAt", b.payment_intent_id as "paymentIntentId", b.client_secret as "clientSecret",
  b.payment_status as "paymentStatus", b.paid_at as "paidAt", b.refund_id as "refundId", b.refund_pence as "refundPence",
  b.refund_reason as "refundReason", b.refunded_pence as "refundedPence", b.refunded_at as "refundedAt",
  b.cancelled_by as "cancelledBy", b.sequence, b.created_at as "createdAt"`;

/** What a new row says: a hold (`pending_payment`, with `holdMinutes`) or a free booking confirmed at once. */
export interface NewBooking {
  id: string;
  status: 'pending_payment' | 'confirmed';
  holdMinutes: number | null;
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
  };
}

/** 23P01 from either exclusion constraint: another active row holds part of that time. */
export async function refusingOverlaps<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (sqlStateOf(error) === SQL_STATE.exclusionViolation) throw new ConflictException(BOOKING_ERRORS.slotTaken);
    throw error;
  }
}

/**
 * The one writer of hunter_bookings. Writes take the caller's transaction; the exclusion constraints decide every
 * overlap (never a check before the insert), and each write that takes a time first expires the stale holds in
 * its way, in the same transaction.
 */
@Injectable()
export class BookingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Serialises one member's holding and booking (their hold count and their same-slot retries), across replicas. */
  async lockClient(manager: EntityManager, clientUserId: string): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtextextended('bookings:client:' || $1, 0))`, [clientUserId]);
  }

  /** Marks expired the holds past their time that overlap [startsAt, endsAt) for the hunter or the client. */
  async expireStaleOverlapping(
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

  async insert(manager: EntityManager, booking: NewBooking): Promise<BookingRow> {
    await this.expireStaleOverlapping(manager, booking);
    const rows = await refusingOverlaps(
      manager.query<BookingRow[]>(
        `insert into hunter_bookings as b (id, status, expires_at, hunter_id, hunter_user_id, client_user_id, session_type,
           session_date, session_time, duration, starts_at, ends_at, price_pence)
         values ($1, $2, case when $3::int is null then null else now() + make_interval(mins => $3::int) end,
                 $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         returning ${BOOKING_COLUMNS}`,
        [
          booking.id,
          booking.status,
          booking.holdMinutes,
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
        ],
      ),
    );
    return rows[0]!;
  }

  /** Records the hold's intent once (a retry that raced finds it set and keeps the first). */
  async attachIntent(
    bookingId: string,
    intent: { id: string; clientSecret: string; status: string },
  ): Promise<BookingRow> {
    await this.dataSource.query(
      `update hunter_bookings set payment_intent_id = $2, client_secret = $3, payment_status = $4, updated_at = now()
       where id = $1 and payment_intent_id is null`,
      [bookingId, intent.id, intent.clientSecret, intent.status],
    );
    return this.get(bookingId);
  }

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
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(bookingId))
      throw new NotFoundException(BOOKING_NOT_FOUND);
    const rows = await this.dataSource.query<BookingRow[]>(
      `select ${BOOKING_COLUMNS} from hunter_bookings b
       where b.id = $1 and (b.client_user_id = $2 or b.hunter_user_id = $2
                            or exists (select 1 from hunters h where h.id = b.hunter_id and h.user_id = $2))`,
      [bookingId, userId],
    );
    if (!rows[0]) throw new NotFoundException(BOOKING_NOT_FOUND);
    return rows[0];
  }

  /** Applies a status change with SQL of the caller; returns the row after it, or null when the WHERE refused it. */
  async update(manager: EntityManager, sql: string, params: unknown[]): Promise<BookingRow | null> {
    const rows = await manager.query<[BookingRow[], number]>(`${sql} returning ${BOOKING_COLUMNS}`, params);
    return rows[0][0] ?? null;
  }
}
