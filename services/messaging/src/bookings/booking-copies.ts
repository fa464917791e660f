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

/** A booking's question and photos as the copy keeps them, for a conversation that opens after its confirmation. */
export type HeldQuestion = Pick<
  BookingEventV1,
  'bookingId' | 'hunterId' | 'clientUserId' | 'sessionType' | 'startsAt' | 'notes' | 'photoUrls'
>;

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
                             price_pence, status, sequence, notes, photo_urls)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text[])
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
         -- The question is the booking's from its hold on; an event without it (an older publisher) keeps it.
         notes = coalesce(excluded.notes, bookings.notes),
         photo_urls = case when cardinality(excluded.photo_urls) > 0 then excluded.photo_urls else bookings.photo_urls end,
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
        booking.notes ?? null,
        booking.photoUrls ?? [],
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

  /**
   * The questions (or photos) of the hunter's bookings that are not cancelled, in the order the bookings were made
   * (as the copy first heard of them): what a conversation opened late must still be given. Whether each is
   * already in its conversation is the messages' to say (`BookingQuestion.post`).
   */
  async questionsOf(manager: EntityManager, hunterId: number): Promise<HeldQuestion[]> {
    const rows: (Omit<HeldQuestion, 'startsAt'> & { startsAt: Date })[] = await manager.query(
      `select booking_id as "bookingId", hunter_id as "hunterId", client_user_id as "clientUserId",
              session_type as "sessionType", starts_at as "startsAt", notes, photo_urls as "photoUrls"
         from bookings
        where hunter_id = $1 and status <> 'cancelled'
          and (nullif(btrim(notes), '') is not null or cardinality(photo_urls) > 0)
        order by copied_at, booking_id`,
      [hunterId],
    );
    return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() }));
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
