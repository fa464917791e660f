import { Injectable } from '@nestjs/common';
import type { BookingAttendance, BookingEventV1 } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

export type SessionState = 'confirmed' | 'cancelled' | 'completed';

/** A booking's session as this service's copy holds it. */
export interface SessionCopy {
  bookingId: string;
  hunterId: number;
  hunterUserId: string | null;
  clientUserId: string;
  sessionType: string;
  startsAt: Date;
  endsAt: Date;
  status: SessionState;
  attendance: BookingAttendance | null;
  disputeResolution: 'refund' | 'dismiss' | null;
}

/** A demo session, held and over (the demo seeder's). */
export interface DemoSession {
  bookingId: string;
  hunterId: number;
  clientUserId: string;
  sessionType: string;
  startsAt: Date;
  endsAt: Date;
}

const SELECT_SESSION = `
  select booking_id as "bookingId", hunter_id as "hunterId", hunter_user_id as "hunterUserId",
         client_user_id as "clientUserId", session_type as "sessionType", starts_at as "startsAt", ends_at as "endsAt",
         status, attendance, dispute_resolution as "disputeResolution"
    from booking_sessions`;

/**
 * Whether a session took place, as the copy says: not cancelled, over by `now` (the test clock's now, passed in),
 * and not a no-show unless an admin refunded the client's dispute of that mark (the mark was overturned).
 */
export function wasHeld(session: SessionCopy, now: Date): boolean {
  if (session.status === 'cancelled') return false;
  if (session.endsAt.getTime() > now.getTime()) return false;
  return session.attendance !== 'no_show' || session.disputeResolution === 'refund';
}

/**
 * The one owner of `booking_sessions`: this service's copy of each booking's session, written only from bookings'
 * events (and the demo seeder). Events may arrive out of order (several consumers, retries): the booking's times
 * and state change only for newer news (a higher `sequence`, or at the same sequence a confirmed booking ending,
 * since bookings does not raise the sequence on completion). Attendance and a dispute's outcome are kept apart
 * from that order: each is set by its own event whenever it comes.
 */
@Injectable()
export class SessionCopies {
  /** A change of the booking's state (confirmed, rescheduled, cancelled, completed); false for older news. */
  async applyState(manager: EntityManager, booking: BookingEventV1, status: SessionState): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `insert into booking_sessions (booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at,
                                     ends_at, status, sequence)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (booking_id) do update set
         hunter_id = excluded.hunter_id,
         hunter_user_id = coalesce(excluded.hunter_user_id, booking_sessions.hunter_user_id),
         client_user_id = excluded.client_user_id,
         session_type = excluded.session_type,
         starts_at = excluded.starts_at,
         ends_at = excluded.ends_at,
         status = excluded.status,
         sequence = excluded.sequence,
         updated_at = now()
       where booking_sessions.sequence < excluded.sequence
          or (booking_sessions.sequence = excluded.sequence and booking_sessions.status = 'confirmed'
              and excluded.status <> 'confirmed')
       returning booking_id`,
      [...this.facts(booking), status, booking.sequence],
    );
    return rows.length > 0;
  }

  /** The hunter marked the session held or a no-show (a booking not copied yet is copied as confirmed). */
  async applyAttendance(manager: EntityManager, booking: BookingEventV1, attendance: BookingAttendance): Promise<void> {
    await this.applyFact(manager, booking, 'attendance', attendance);
  }

  /** An admin resolved the client's dispute of a no-show mark: `refund` overturns the mark. */
  async applyDisputeResolution(manager: EntityManager, booking: BookingEventV1, resolution: 'refund' | 'dismiss'): Promise<void> {
    await this.applyFact(manager, booking, 'dispute_resolution', resolution);
  }

  /** A hunter's profile now belongs to a member (a demo hunter claimed): their sessions' hunter member id follows. */
  async setHunterMember(manager: EntityManager, hunterId: number, userId: string): Promise<void> {
    await manager.query(
      `update booking_sessions set hunter_user_id = $2, updated_at = now()
        where hunter_id = $1 and hunter_user_id is distinct from $2`,
      [hunterId, userId],
    );
  }

  /** Demo sessions (held and over); a repeat changes nothing. */
  async insertDemo(manager: EntityManager, sessions: readonly DemoSession[]): Promise<void> {
    for (const session of sessions) {
      await manager.query(
        `insert into booking_sessions (booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at,
                                       ends_at, status, attendance, sequence)
         values ($1, $2, null, $3, $4, $5, $6, 'completed', 'held', 0)
         on conflict (booking_id) do nothing`,
        [session.bookingId, session.hunterId, session.clientUserId, session.sessionType, session.startsAt, session.endsAt],
      );
    }
  }

  /** Whether any session is copied (the demo seeder's "has data"). */
  async any(manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`select 1 from booking_sessions limit 1`);
    return rows.length > 0;
  }

  async find(manager: EntityManager, bookingId: string): Promise<SessionCopy | null> {
    const rows: SessionCopy[] = await manager.query(`${SELECT_SESSION} where booking_id = $1`, [bookingId]);
    return rows[0] ?? null;
  }

  private facts(booking: BookingEventV1): unknown[] {
    return [
      booking.bookingId,
      booking.hunterId,
      booking.hunterUserId,
      booking.clientUserId,
      booking.sessionType,
      booking.startsAt,
      booking.endsAt,
    ];
  }

  private async applyFact(
    manager: EntityManager,
    booking: BookingEventV1,
    column: 'attendance' | 'dispute_resolution',
    value: string,
  ): Promise<void> {
    // The booking's times are taken only when this event is newer than the copy; its state is left as it is.
    await manager.query(
      `insert into booking_sessions (booking_id, hunter_id, hunter_user_id, client_user_id, session_type, starts_at,
                                     ends_at, status, sequence, ${column})
       values ($1, $2, $3, $4, $5, $6, $7, 'confirmed', $8, $9)
       on conflict (booking_id) do update set
         ${column} = excluded.${column},
         hunter_user_id = coalesce(excluded.hunter_user_id, booking_sessions.hunter_user_id),
         starts_at = case when booking_sessions.sequence < excluded.sequence then excluded.starts_at else booking_sessions.starts_at end,
         ends_at = case when booking_sessions.sequence < excluded.sequence then excluded.ends_at else booking_sessions.ends_at end,
         sequence = greatest(booking_sessions.sequence, excluded.sequence),
         updated_at = now()`,
      [...this.facts(booking), booking.sequence, value],
    );
  }
}
