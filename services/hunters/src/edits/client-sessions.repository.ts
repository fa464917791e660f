import { Injectable } from '@nestjs/common';
import type { BookingAttendance, BookingEventV1 } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

/** A held session of one hunter's, as an edit is sent for it. */
export interface HeldSession {
  bookingId: string;
  hunterId: number;
  clientUserId: string;
}

/**
 * A session took place: bookings completed it and the hunter did not mark it a no-show, or the hunter marked it
 * held (possibly before the completion arrives). An overturned no-show reads as held (see `applyRefundedDispute`).
 */
const HELD = `(s.attendance = 'held' or (s.completed_at is not null and s.attendance is distinct from 'no_show'))`;

/**
 * The one owner of `hunter_client_sessions`: hunters' copy of its hunters' sessions with their clients, written
 * only from bookings' events in their inbox transactions, read to decide whether a hunter may send a client an
 * edit. Only hunters known here are copied (the insert selects the hunter), so a stray event changes nothing.
 * Events may arrive in any order: each one inserts the row if it is the first, and sets only its own fact.
 */
@Injectable()
export class ClientSessionsRepository {
  /** Bookings completed the booking (it ended): the session counts unless marked a no-show. */
  async applyCompleted(manager: EntityManager, booking: BookingEventV1, completedAt: string): Promise<void> {
    await manager.query(
      `insert into hunter_client_sessions (booking_id, hunter_id, client_user_id, ends_at, completed_at, updated_at)
       select $1, h.id, $3, $4, $5, now() from hunters h where h.id = $2
       on conflict (booking_id) do update set
         completed_at = coalesce(hunter_client_sessions.completed_at, excluded.completed_at),
         ends_at = excluded.ends_at, updated_at = now()`,
      [booking.bookingId, booking.hunterId, booking.clientUserId, booking.endsAt, completedAt],
    );
  }

  /**
   * The hunter marked the session held or a no-show. Bookings takes one mark per booking, so the first mark here
   * stands: a no-show arriving after an admin overturned it (events out of order) does not undo the overturn.
   */
  async applyAttendance(manager: EntityManager, booking: BookingEventV1, attendance: BookingAttendance): Promise<void> {
    await manager.query(
      `insert into hunter_client_sessions (booking_id, hunter_id, client_user_id, ends_at, attendance, updated_at)
       select $1, h.id, $3, $4, $5, now() from hunters h where h.id = $2
       on conflict (booking_id) do update set attendance = excluded.attendance, updated_at = now()
       where hunter_client_sessions.attendance is null`,
      [booking.bookingId, booking.hunterId, booking.clientUserId, booking.endsAt, attendance],
    );
  }

  /**
   * An admin refunded the client's dispute of a no-show mark: the admin found the client was there, so the mark is
   * overturned and the session reads as `held` (rather than unmarked: a held mark is final here, so a late no-show
   * event cannot bring the mark back).
   */
  async applyRefundedDispute(manager: EntityManager, booking: BookingEventV1): Promise<void> {
    await manager.query(
      `insert into hunter_client_sessions (booking_id, hunter_id, client_user_id, ends_at, attendance, updated_at)
       select $1, h.id, $3, $4, 'held', now() from hunters h where h.id = $2
       on conflict (booking_id) do update set attendance = 'held', updated_at = now()`,
      [booking.bookingId, booking.hunterId, booking.clientUserId, booking.endsAt],
    );
  }

  /** The booking's session if it was held and is `hunterId`'s; null otherwise (unknown, another's, not held). */
  async findHeld(manager: EntityManager, bookingId: string, hunterId: number): Promise<HeldSession | null> {
    const [row] = await manager.query<HeldSession[]>(
      `select s.booking_id as "bookingId", s.hunter_id as "hunterId", s.client_user_id as "clientUserId"
         from hunter_client_sessions s
        where s.booking_id = $1 and s.hunter_id = $2 and ${HELD}`,
      [bookingId, hunterId],
    );
    return row ?? null;
  }
}
