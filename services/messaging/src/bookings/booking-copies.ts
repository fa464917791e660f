import { Injectable } from '@nestjs/common';
import type { BookingAttendance, BookingEventV1, SessionTypeKey } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

export type BookingCopyStatus = 'confirmed' | 'cancelled' | 'completed';

export interface BookingCopy {
  bookingId: string;
  hunterId: number;
  hunterUserId: string | null;
  clientUserId: string;
  sessionType: SessionTypeKey;
  startsAt: Date;
  endsAt: Date;
  pricePence: number;
  status: BookingCopyStatus;
  sequence: number;
  refundPence: number | null;
  /** The hunter's mark of a started session; a no-show gets no review request. */
  attendance: BookingAttendance | null;
}

/**
 * Messaging's copy of bookings, as their latest event left them. Events may arrive out of order (several
 * consumers, retries), so a change applies only when it is newer: a higher `sequence`, or at the same sequence a
 * confirmed booking ending (cancelled or completed) for a publisher that does not raise the sequence then.
 */
@Injectable()
export class BookingCopies {
  /** Applies the event's booking with `status`; true when the copy now holds it (false: older news, ignored). */
  async apply(manager: EntityManager, booking: BookingEventV1, status: BookingCopyStatus): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `insert into bookings (booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at, ends_at,
                             price_pence, status, sequence)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (booking_id) do update set
         hunter_id = excluded.hunter_id,
         hunter_user_id = excluded.hunter_user_id,
         client_user_id = excluded.client_user_id,
         session_type = excluded.session_type,
         starts_at = excluded.starts_at,
         ends_at = excluded.ends_at,
         price_pence = excluded.price_pence,
         status = excluded.status,
         sequence = excluded.sequence,
         updated_at = now()
       where bookings.sequence < excluded.sequence
          or (bookings.sequence = excluded.sequence and bookings.status = 'confirmed' and excluded.status <> 'confirmed')
       returning booking_id`,
      [
        booking.bookingId,
        booking.hunterId,
        booking.hunterUserId,
        booking.clientUserId,
        booking.sessionType,
        booking.startsAt,
        booking.endsAt,
        booking.pricePence,
        status,
        booking.sequence,
      ],
    );
    return rows.length > 0;
  }

  /** A settled refund: noted on the copy if there is one; a refund never changes the booking's state or sequence. */
  async recordRefund(manager: EntityManager, bookingId: string, refundPence: number): Promise<void> {
    await manager.query(`update bookings set refund_pence = $2, updated_at = now() where booking_id = $1`, [
      bookingId,
      refundPence,
    ]);
  }

  /** The hunter marked the session held or a no-show: noted whatever order it came in (it changes no times). */
  async recordAttendance(manager: EntityManager, bookingId: string, attendance: BookingAttendance): Promise<void> {
    await manager.query(`update bookings set attendance = $2, updated_at = now() where booking_id = $1`, [
      bookingId,
      attendance,
    ]);
  }

  async find(manager: EntityManager, bookingId: string): Promise<BookingCopy | null> {
    const rows: BookingCopy[] = await manager.query(
      `select booking_id as "bookingId", hunter_id as "hunterId", hunter_user_id as "hunterUserId",
              client_user_id as "clientUserId", session_type as "sessionType", starts_at as "startsAt",
              ends_at as "endsAt", price_pence as "pricePence", status, sequence, refund_pence as "refundPence",
              attendance
         from bookings where booking_id = $1`,
      [bookingId],
    );
    return rows[0] ?? null;
  }
}
